#!/usr/bin/env bash
# Makes sure the release archive's server configurations can be tried for real
# (scripts/server-configs.spec.ts serves a build with each): Debian's nginx and Caddy. As root with
# apt, installs whichever is missing, with the package's own service left stopped (nothing listens
# on port 80 because of a test); otherwise says what is missing, and the test skips those servers.
set -euo pipefail

missing=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
	echo "Installing Debian's ${missing[*]} to try the release archive's server configurations."
	export DEBIAN_FRONTEND=noninteractive
	# Debian starts a newly installed nginx on port 80 unless a policy says no (as container
	# images have): one is put in place for this install only, where there is none.
	policy=/usr/sbin/policy-rc.d
	if [ ! -e "$policy" ]; then
		printf '#!/bin/sh\nexit 101\n' >"$policy"
		chmod +x "$policy"
		trap 'rm -f "$policy"' EXIT
	fi
	# Other lanes of `npm test` may be installing at the same time: wait for the package lock.
	install() { apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; }
	if ! install; then
		apt-get -o DPkg::Lock::Timeout=300 update -qq || true
		install || echo "Could not install ${missing[*]}: their configurations are checked by reading them only."
	fi
	exit 0
fi
echo "Not installed: ${missing[*]} (Debian's packages; install them as root to try the release archive's configurations with them)."
