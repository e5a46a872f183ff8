#!/bin/sh
# Debian's Chromium, at the priority it was started with, and its old headless shell where it can be.
#
# Chromium raises its browser and GPU processes to nice -8 whenever it may, and as root it may: in a
# whole npm test the two browsers then took six times the share of a core that each integration
# worker got, and on a slow machine (2026-11-28) the integration lane crawled to 1,651 s and six of its
# tests ran out of time. Without CAP_SYS_NICE its own setpriority calls fail quietly and it stays at
# the priority of the tests around it.
#
# Headless, Debian's chromium-headless-shell (Chromium's "old headless": the same Blink and V8 without
# the browser's own windows, tab strip and WebUI renderers) is used when installed, as Playwright
# itself does with its downloaded browsers; a headed run (--headed) gets the full browser.
# docs/architecture.md ("Tests") has what each saved.
browser=/usr/bin/chromium
case " $* " in
*" --headless"*)
  if [ -x /usr/lib/chromium/chromium-headless-shell ]; then browser=/usr/lib/chromium/chromium-headless-shell; fi
  ;;
esac
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set -sys_nice --inh-caps -sys_nice -- "$browser" "$@"
fi
exec "$browser" "$@"
