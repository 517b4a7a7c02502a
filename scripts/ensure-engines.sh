#!/usr/bin/env bash
# Makes sure the journeys in the other engines have their browsers (tests/engines/browsers.ts):
# Debian's Firefox ESR, and WebKitGTK's WebDriver with its MiniBrowser, which needs a virtual
# display (Xvfb, started by xvfb-run, which wants xauth). As root with apt, installs whichever is
# missing, reading the package lists first so the newest ESR comes; otherwise says what is missing.
set -euo pipefail

MINIBROWSER=/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser
missing=()
[ -n "${FIREFOX_PATH:-}" ] && [ -x "$FIREFOX_PATH" ] || [ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 && [ -x "$MINIBROWSER" ] || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null 2>&1 || missing+=(xvfb)
command -v xauth >/dev/null 2>&1 || missing+=(xauth)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
	echo "Installing Debian's ${missing[*]} for the journeys in Firefox and WebKit."
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq || true
	apt-get install -y -qq "${missing[@]}" >/dev/null
	exit 0
fi
echo "Missing for the journeys in Firefox and WebKit: ${missing[*]} (Debian's packages; install them as root)." >&2
exit 1
