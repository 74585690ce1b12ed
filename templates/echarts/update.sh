#!/usr/bin/env bash
# Refreshes the vendored chart library from the version package-lock.json pins.
# npm is needed only here: building, running and testing use the vendored copy.
# Run it (or `go generate ./templates`, or `make echarts`) after changing the
# echarts version in package.json and package-lock.json.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dest="$root/templates/echarts"
cd "$root"
npm ci --no-audit --no-fund --loglevel=error

mod=node_modules/echarts
cp "$mod/dist/echarts.min.js" "$dest/echarts.min.js"
cp "$mod/LICENSE" "$dest/LICENSE"
cp "$mod/NOTICE" "$dest/NOTICE"
# The bundle includes zrender, tslib and parts of d3: their licences travel with it.
cp "$mod/licenses/LICENSE-d3" "$dest/LICENSE-d3"
cp node_modules/zrender/LICENSE "$dest/LICENSE-zrender"
cp node_modules/tslib/LICENSE.txt "$dest/LICENSE-tslib" 2>/dev/null || cp node_modules/tslib/LICENSE "$dest/LICENSE-tslib"

# SOURCE ties the vendored file to the lockfile: npm ci has checked the
# tarball against the lockfile's integrity; the test in templates checks the
# version and integrity against package-lock.json and the file against sha512.
version=$(node -p "require('./$mod/package.json').version")
integrity=$(node -p "require('./package-lock.json').packages['node_modules/echarts'].integrity")
sum=$(openssl dgst -sha512 -binary "$dest/echarts.min.js" | openssl base64 -A)
cat > "$dest/SOURCE" <<EOT
package: echarts
version: $version
integrity: $integrity
file: dist/echarts.min.js
sha512: $sum
EOT
echo "vendored echarts $version into templates/echarts"
