#!/usr/bin/env bash
# Makes sure the end-to-end tests have a Chromium: $CHROMIUM_PATH, Debian's /usr/bin/chromium, or
# Playwright's own. On a machine with none, installs Debian's package (as root) or Playwright's.
set -euo pipefail

if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if [ -x /usr/bin/chromium ]; then exit 0; fi
if node -e "const p=require('@playwright/test').chromium.executablePath();process.exit(require('fs').existsSync(p)?0:1)" 2>/dev/null; then
	exit 0
fi

echo "No Chromium found for the end-to-end tests: installing one."
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
	npx playwright install chromium
fi
