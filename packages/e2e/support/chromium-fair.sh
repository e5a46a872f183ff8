#!/bin/sh
# Debian's Chromium, at the priority it was started with.
#
# Chromium raises its browser and GPU processes to nice -8 whenever it may, and as root it may: in a
# whole npm test the two browsers then took six times the share of a core that each integration
# worker got, and on a slow machine (2026-11-28) the integration lane crawled to 1,651 s and six of its
# tests ran out of time. Without CAP_SYS_NICE its own setpriority calls fail quietly and it stays at
# the priority of the tests around it. Everything else about it is unchanged (playwright.config.ts).
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set -sys_nice --inh-caps -sys_nice -- /usr/bin/chromium "$@"
fi
exec /usr/bin/chromium "$@"
