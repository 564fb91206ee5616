#!/usr/bin/env bash
# Regenerates every marked code block and command output in Docs/Gestures.docc from its source
# (see Tests/GesturectlTests/DocsTests.swift), then shows what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE_DOCS=1 swift test --filter DocsTests >/dev/null
git --no-pager diff --stat -- Docs
