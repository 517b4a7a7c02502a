#!/usr/bin/env bash
# Makes sure the end-to-end tests have their Chromiums (scripts/chromium.ts chooses): Debian's
# headless shell for most tests, and Debian's full browser for the few that need what only it does.
# As root with apt, installs whichever of the two is missing; otherwise falls back to what is here,
# then to Playwright's own browser.
set -euo pipefail

if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi

missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/bin/chromium ] || missing+=(chromium)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
	echo "Installing Debian's ${missing[*]} for the end-to-end tests."
	export DEBIAN_FRONTEND=noninteractive
	if ! apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1; then
		apt-get update -qq || true
		apt-get install -y -qq "${missing[@]}" >/dev/null ||
			echo "Could not install ${missing[*]}: using what is here."
	fi
fi

if [ -x /usr/bin/chromium-headless-shell ] || [ -x /usr/bin/chromium ]; then exit 0; fi
if node -e "const p=require('@playwright/test').chromium.executablePath();process.exit(require('fs').existsSync(p)?0:1)" 2>/dev/null; then
	exit 0
fi
echo "No Chromium found for the end-to-end tests: installing Playwright's."
npx playwright install chromium
