"""Runs the browser scenarios: `run.py [durable-streams|emulator] [SCENARIO…]`. Each scenario gets a fresh server
and a fresh browser; a failure prints the page's status line and a screenshot, and the run exits 1."""
import os
import sys
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import Failure, browser, screenshot, text_of  # noqa: E402

import durable_streams  # noqa: E402

SUITES = {"durable-streams": (durable_streams.Console, durable_streams.SCENARIOS)}
try:
    import emulator  # noqa: E402

    SUITES["emulator"] = (emulator.Console, emulator.SCENARIOS)
except ImportError:
    pass


def main(arguments):
    suites = [arguments[0]] if arguments and arguments[0] in SUITES else list(SUITES)
    wanted = set(arguments[1:] if arguments and arguments[0] in SUITES else arguments)
    failed = []
    count = 0
    for suite in suites:
        make, scenarios = SUITES[suite]
        for scenario in scenarios:
            if wanted and scenario.__name__ not in wanted:
                continue
            count += 1
            started = time.monotonic()
            print(f"-- {suite}: {scenario.__name__}", flush=True)
            driver = browser()
            console = None
            try:
                console = make(driver)
                scenario(driver, console)
                print(f"   passed in {time.monotonic() - started:.1f} s", flush=True)
            except (Failure, Exception) as error:  # Any error fails the scenario, not the run.
                failed.append(f"{suite}: {scenario.__name__}")
                print(f"   FAILED: {error}", flush=True)
                if not isinstance(error, Failure):
                    traceback.print_exc()
                try:
                    print(f"   status line: {text_of(driver, '#status')!r}", flush=True)
                    screenshot(driver, f"FAILED-{suite}-{scenario.__name__}")
                except Exception:  # The browser itself may be gone.
                    pass
            finally:
                if console is not None:
                    console.stop()
                driver.quit()
    print(f"browser-tests: {count - len(failed)} of {count} scenarios passed")
    if failed:
        print("failed: " + ", ".join(failed))
        return 1
    return 0


sys.exit(main(sys.argv[1:]))
