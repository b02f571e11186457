// Package quality is the window's screens about how good a server is: the
// Checks tab (check files, Run, Record, Save as check), the tool-quality
// report (the badges it gives the tool list, its report window) and the
// load panel ("Run N times…", its plot and figures). It imports the kit and
// the core, never another screen: the tool list shows the badges it is
// handed, the report selects a tool through a callback, and the load panel
// is opened with the session, tool and arguments the tool form checked.
package quality
