package ui

import (
	"context"
	"fmt"

	"fyne.io/fyne/v2"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/surface"
	"mcpbrowser/ui/result"
	"mcpbrowser/ui/view"
)

// compareServers opens Compare servers… (the Checks tab's button) over win,
// for the servers manager holds when it is asked.
func compareServers(win fyne.Window, work func(func(context.Context)), manager func() *mcp.Manager) *result.DiffView {
	return result.ShowDiffDialog(result.DiffDeps{Win: win, GoWork: work,
		Servers: func() []string {
			var names []string
			for _, s := range manager().Sessions() {
				names = append(names, s.Name())
			}
			return names
		},
		Snapshot: func(ctx context.Context, name string) (*surface.Snapshot, error) {
			s := manager().Session(name)
			if s == nil {
				return nil, fmt.Errorf("no server named %q", name)
			}
			if s.Status().State != mcp.StateReady {
				if err := s.Connect(ctx); err != nil {
					return nil, fmt.Errorf("could not connect: %s", view.OrUnknown(s.Status().Reason))
				}
			}
			return surface.Take(ctx, s)
		}})
}
