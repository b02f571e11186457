#!/usr/bin/env bash
# Keeps the window's screens apart (docs/architecture.md, "Screens"): a
# screen package under ui/ (ui/servers, ui/result, ui/logs …) imports no
# other screen and not the shell (ui); the kit packages (ui/view,
# ui/widgets, ui/plot, ui/filedialog) import no screen and not the shell.
# Screens talk through small interfaces and callbacks the shell fills in.
# Test files count too. Fails naming each offending import; exit 0 when none.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT" || exit 1
TAGS="${GO_TAGS:-no_emoji,no_animations}"
MOD="$(go list -m)"
# The shared kit: what every screen may import.
KIT=" $MOD/ui/view $MOD/ui/widgets $MOD/ui/plot $MOD/ui/filedialog "

# Every package below ui/, with its imports and its tests' imports.
listing="$(go list -tags "$TAGS" -f '{{.ImportPath}}{{range .Imports}} {{.}}{{end}}{{range .TestImports}} {{.}}{{end}}{{range .XTestImports}} {{.}}{{end}}' "./ui/..." 2>&1)" || {
	echo "go list failed:" >&2
	echo "$listing" >&2
	exit 1
}
bad=0
while read -r pkg imports; do
	[ "$pkg" = "$MOD/ui" ] && continue # the shell wires the screens together
	for imp in $imports; do
		case "$imp" in
		"$MOD/ui" | "$MOD/ui/"*) ;;
		*) continue ;;
		esac
		[ "$imp" = "$pkg" ] && continue # an external test of the package itself
		case "$KIT" in
		*" $pkg "*) # a kit package: no screen, no shell
			case "$KIT" in
			*" $imp "*) continue ;;
			esac
			echo "kit package ${pkg#"$MOD"/} imports ${imp#"$MOD"/}: the kit may not import a screen or the shell" >&2
			bad=1
			;;
		*) # a screen: only the kit
			case "$KIT" in
			*" $imp "*) continue ;;
			esac
			echo "screen ${pkg#"$MOD"/} imports ${imp#"$MOD"/}: screens talk through interfaces the shell (ui) fills in, not by importing each other" >&2
			bad=1
			;;
		esac
	done
done <<<"$listing"
# The transitive closure, as the compiler sees it: no screen reaches another.
for pkg in $(echo "$listing" | cut -d' ' -f1); do
	[ "$pkg" = "$MOD/ui" ] && continue
	case "$KIT" in *" $pkg "*) continue ;; esac
	for dep in $(go list -tags "$TAGS" -deps -f '{{.ImportPath}}' "$pkg"); do
		case "$dep" in
		"$MOD/ui" | "$MOD/ui/"*) ;;
		*) continue ;;
		esac
		[ "$dep" = "$pkg" ] && continue
		case "$KIT" in *" $dep "*) continue ;; esac
		echo "screen ${pkg#"$MOD"/} depends on ${dep#"$MOD"/} (go list -deps)" >&2
		bad=1
	done
done
if [ "$bad" -ne 0 ]; then
	echo "check-screens: a screen package reaches another (see above)" >&2
	exit 1
fi
echo "check-screens: $(echo "$listing" | wc -l) packages under ui/, no screen imports another"
