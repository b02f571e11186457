# Convenience targets; the scripts do the work and say what they install.

.PHONY: package icon test run

# package builds everything that can be built here into dist/ (Linux archive,
# plain Linux binary, Windows .exe and zip): see scripts/package.sh.
package:
	scripts/package.sh

# icon renders assets/icon.png (512 px) from the hand-drawn assets/icon.svg.
icon: assets/icon.png

assets/icon.png: assets/icon.svg
	rsvg-convert -w 512 -h 512 assets/icon.svg -o assets/icon.png

test:
	scripts/test.sh

run:
	scripts/run.sh
