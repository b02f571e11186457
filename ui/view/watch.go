package view

import (
	"errors"
	"io/fs"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
)

// WatchProblem says in plain words why watching a server in another app's
// file (or stopping) wrote nothing, and what to try; dir is where the
// backups are kept.
func WatchProblem(err error, file, dir string) string {
	args := map[string]any{"File": file, "Dir": dir}
	var be *clients.BackupError
	switch {
	case errors.As(err, &be):
		args["Reason"] = i18n.Explain(be.Err)
		return i18n.L("Could not keep a backup in {{.Dir}} ({{.Reason}}), so nothing was written. Make room or fix that folder's permissions and try again.", args)
	case errors.Is(err, clients.ErrFileChanged):
		return i18n.L("{{.File}} changed after the change was shown, so nothing was written. Choose Watch again to see the change as the file is now.", args)
	case errors.Is(err, clients.ErrReadOnly):
		return i18n.L("{{.File}} is read-only, so nothing was written. Make it writable and try again.", args)
	case errors.Is(err, clients.ErrFileGone):
		return i18n.L("{{.File}} is no longer there, so nothing was written. Look again to see the apps' files as they are now.", args)
	case errors.Is(err, clients.ErrEntryChanged):
		return i18n.L("The entry in {{.File}} was changed after it was watched, so it was left alone. Put it back by hand; the file as it was is kept in {{.Dir}}.", args)
	case errors.Is(err, clients.ErrNoSuchServer):
		return i18n.L("The server is no longer in {{.File}}, so nothing was written. Look again to see the apps' files as they are now.", args)
	case errors.Is(err, clients.ErrAlreadyWatched):
		return i18n.L("It already runs through mcpbrowser tap; nothing was written.", args)
	case errors.Is(err, clients.ErrRemoteServer):
		return i18n.L("The app connects to this remote server itself and starts no command, so there is nothing to rewrite. Run mcpbrowser tap --url with its address and point the app at the tap.", args)
	case errors.Is(err, fs.ErrPermission):
		return i18n.L("No permission to write {{.File}}, so nothing was written. Check who owns it and its folder, and try again.", args)
	}
	args["Reason"] = i18n.Explain(err)
	return i18n.L("Could not write {{.File}} ({{.Reason}}), so nothing was written.", args)
}
