#!/usr/bin/env bash
# docs-configs.sh: docs/configs.md carries the key table the generator
# knows (gpurf-gen --doc-keys), between its BEGIN/END markers.
set -u
cd "$(dirname "$0")/../.."
want=$(build/bin/gpurf-gen --doc-keys)
have=$(sed -n '/<!-- BEGIN KEYS -->/,/<!-- END KEYS -->/p' docs/configs.md | sed '1d;$d')
if [ "$want" != "$have" ]; then
  echo "docs/configs.md is out of date with the key table; run: make docs-configs"
  diff <(echo "$have") <(echo "$want") | head -n 20
  exit 1
fi
echo "docs/configs.md matches the key table"
