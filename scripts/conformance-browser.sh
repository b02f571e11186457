#!/usr/bin/env bash
# The "browser" of conformance runs: opens the sign-in page and follows its
# redirects to the CLI's local callback, like a person who clicks "allow".
exec curl -sSL --max-time 20 -o /dev/null "$1"
