#!/usr/bin/env bash
# `scripts/check-quickstart.sh <main port> <tariff port> <site port>`: runs the shell blocks of
# docs/quickstart.md (all but the install-and-start one) against a service already serving on those
# ports, as a new user would paste them, with curl made to fail on any answer that is not 2xx. CI
# runs it against its `npm start` smoke service, so the first page a user reads keeps working.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 3 ] || { echo "usage: $0 <main port> <tariff port> <site port>" >&2; exit 2; }
blocks=$(awk '/^```sh$/ { inside = 1; next } /^```$/ { inside = 0 } inside' docs/quickstart.md |
  grep -v 'npm ci && npm start' |
  sed -e "s#localhost:3000#127.0.0.1:$1#g" -e "s#localhost:3001#127.0.0.1:$2#g" -e "s#localhost:3002#127.0.0.1:$3#g")
# --fail as well as the blocks' own options (curl takes it twice); -x shows in the log which call failed.
# shellcheck disable=SC2016 # the function body is for the inner shell
bash -euxo pipefail -c 'curl() { command curl --fail "$@"; }'$'\n'"$blocks"
