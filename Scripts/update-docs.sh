#!/usr/bin/env bash
# Regenerates every marked code block and command output in Docs/Gestures.docc from its source
# (see Tests/GesturectlTests/DocsTests.swift), and each script an article says `gesturectl synth`
# wrote from its command, then shows what changed. Run it again when a script changed, so that
# the traces shown of it follow.
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE_DOCS=1 swift test --filter DocsTests >/dev/null
git --no-pager diff --stat -- Docs Examples
