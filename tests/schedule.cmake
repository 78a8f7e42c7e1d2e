# How scripts/test.sh schedules this tree's tests on a few cores (issue 43).
#
# Slots: a test that mostly waits (on a browser drawing the page, a clock, a
# server's pacing, XBoard) takes one "waits" slot, every other test one "cores"
# slot (ctest's RESOURCE_GROUPS). scripts/test.sh writes ctest a resource file
# (--resource-spec-file) with as many "cores" as the machine has and some
# "waits", and runs ctest -j cores + waits, so that a test that waits runs
# beside as many tests that compute as there are cores instead of holding a
# core's slot while it waits. Without the file (a plain `ctest -j2`) ctest
# ignores RESOURCE_GROUPS.
#
# Cost: the longest tests start first (ctest runs a test set in descending COST
# order when it has no figures of its own yet, as on a clean clone), so that no
# stage ends with one long test alone on a core. The figures are seconds, each
# test's time in the last whole run of scripts/test.sh (2026-11-28, 61261a7);
# only their order matters. A new test over about 15 s belongs here.

# Tests that run a browser (their script under tests/gui/): each waits.
set(RULEZERO_BROWSER_TESTS gui_browser gui_puzzles web_page web_browser web_play web_puzzles
    web_firefox web_links)
# Tests that mostly wait on a clock, a server or XBoard: their CPU seconds
# (children included, /usr/bin/time around ctest -R, at a load of 16 on 2
# cores, 2026-11-28) at most about a third of their wall time in the last idle
# run, for example gui_server 2.4 against 43 s, xboard_match 4.4 against
# 22.5 s, protocol_time_use 1.5 against 17.5 s (docs/performance.md, "Issue 43,
# fourth session"). Not gui_record (3.7 against 4.9 s): it computes.
set(RULEZERO_WAITING_TESTS ${RULEZERO_BROWSER_TESTS}
    match match_phalanx match_ponder protocol_engine_features protocol_time_forfeits protocol_time_use
    protocol_cecp xboard_match xboard_polypiece xboard_interdependent threads_tsan_gui
    gui_server gui_authority gui_seats gui_seats_limits gui_seats_crash gui_seats_store
    gui_game_fixes gui_server_hostile gui_files_text gui_server_gamefiles xboard_gamefile
    gui_hidden_shift)

if(CMAKE_BUILD_TYPE STREQUAL "Debug")
  # The sanitizer build (ctest -L sanitize).
  set(RULEZERO_TEST_COSTS match=71 variant_games=50 gui_server=46 gui_stack=38 gui_analysis=32
      gui_seats_limits=31 test_dialectic=26 gui_authority=24 test_core=23 gui_game_fixes=21
      test_notation=19 cli=18 test_san=16 test_nickdanger=15 search_determinism=15 datagen=15)
else()
  set(RULEZERO_TEST_COSTS gui_browser=384 gui_puzzles=110 protocol_engine_features=53 gui_server=43
      package_deb=40 match=38 fuzz_cecp_replay=35 puzzles_shipped=25 gui_seats_limits=24
      reference_nickdanger-linksquares=23 xboard_match=23 xboard_polypiece=21 protocol_time_forfeits=21
      gui_game_fixes=20 lab_conditions=19 protocol_time_use=17 gui_authority=17 package_xboard_list=16
      variant_games=16 gui_seats_crash=15 gui_hidden_shift=19
      # The browser and Windows builds', one after another (their own ctest run)
      # beside the Release tests and then the sanitizer tests.
      windows_wine=222 web_browser=269 web_page=85 web_puzzles=91 web_links=78 web_firefox=55)
endif()

get_property(rulezero_all_tests DIRECTORY PROPERTY TESTS)
foreach(t IN LISTS rulezero_all_tests)
  if(t IN_LIST RULEZERO_WAITING_TESTS)
    set_property(TEST ${t} PROPERTY RESOURCE_GROUPS "waits:1")
  else()
    set_property(TEST ${t} PROPERTY RESOURCE_GROUPS "cores:1")
  endif()
endforeach()
foreach(entry IN LISTS RULEZERO_TEST_COSTS)
  string(REPLACE "=" ";" pair "${entry}")
  list(GET pair 0 t)
  list(GET pair 1 cost)
  if(TEST ${t})
    set_property(TEST ${t} PROPERTY COST ${cost})
  endif()
endforeach()
