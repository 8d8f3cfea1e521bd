#!/bin/sh
# Builds plotly-lab-<version>.min.js, the plotly.js that draws the figures drawn in place, from
# plotly.js's own sources on npm: its core (scatter) and the trace types the app draws, nothing
# else.  Why it is built rather than taken whole from npm: README.md here.
#
#   ui/core/live/vendor/build.sh 4.1.1      # the version the installed plotly package was made for
#
# Needs Node.js and npm; works in a temporary folder and writes only the bundle here.  The packages
# are those of package-lock.json here (npm ci), so the same version gives the same file, byte for
# byte (its digest is in README.md).  Another version is installed afresh, and package.json and
# package-lock.json here are updated with it.
set -eu
VERSION=${1:?"usage: $0 <plotly.js version>, python -c 'import plotly.offline as o; print(o.get_plotlyjs_version())'"}
ESBUILD=0.28.2
# the trace types besides scatter (in plotly.js's core); ui.core.charts.TRACE_KINDS names the same
TRACES="bar box heatmap histogram"

here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/package.json" "$here/package-lock.json" "$work/"
cd "$work"
if grep -q "\"plotly.js\": \"$VERSION\"" package.json; then
    npm ci --silent --no-audit --no-fund --ignore-scripts
else
    npm install --silent --no-audit --no-fund --ignore-scripts --save-exact "plotly.js@$VERSION" "esbuild@$ESBUILD"
    cp package.json package-lock.json "$here/"
fi
{
    echo "var Plotly = require('plotly.js/lib/core');"
    echo "Plotly.register(["
    for t in $TRACES; do echo "    require('plotly.js/lib/$t'),"; done
    echo "]);"
    echo "module.exports = Plotly;"
} > entry.js
# plotly.js's own esbuild settings (its esbuild-config.js), minified; the one stylesheet a module
# asks for is maplibre's, for map subplots (src/registry.js), which the app does not draw
npx esbuild entry.js --bundle --minify --format=iife --global-name=Plotly --target=es2016 \
    --define:global=window --define:define.amd=false --alias:stream=stream-browserify \
    --loader:.css=empty --log-level=warning \
    --banner:js="/** plotly.js (lab: scatter $TRACES - minified) v$VERSION, built by ui/core/live/vendor/build.sh with esbuild $ESBUILD. Copyright 2012-2026, Plotly, Inc. MIT licence: LICENSE-plotly.js */" \
    --outfile="$here/plotly-lab-$VERSION.min.js"
sha256sum "$here/plotly-lab-$VERSION.min.js"
