// Package servers is the window's servers screen: the list of servers on
// the left with its actions, the status page of a server that is not ready,
// the editor of an entry with its sign-in section, the signed-in bar, each
// server's roots and Go to server.
//
// It imports the kit (ui/view, ui/widgets, ui/filedialog) and the core,
// never another screen and never the shell (ui): what it needs of the
// window it names in Deps, and the shell fills that in.
package servers
