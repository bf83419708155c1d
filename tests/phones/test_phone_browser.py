"""Two phones in a real browser (Debian's chromium driven by Selenium through chromedriver),
each with its own profile and cookies, at one table with a mock GPIO seat: they join with
the host's confirmation, bid, lock, unlock by holding OK, lock again and see the reveal; one
seat's page never holds the other's value before the reveal; a reload keeps the seat; a
wrong token is refused. Skipped, and said so at the end of the run, without chromium."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from phone_table import CHROMEDRIVER, CHROMIUM, PhoneTable, browser_missing, wait_until

from companion.boxes.phone_server import COOKIE
from companion.boxes.vocabulary import Key

pytestmark = pytest.mark.skipif(browser_missing() is not None,
                                reason=f"phone browser tests: {browser_missing()}")

SHOTS = os.environ.get("COMPANION_SHOTS")  # a folder: save the phone pages there too
# A long bound, not a race: a loaded 2-core CI machine runs two browsers, the table and the
# server at once; a page that is right returns at once whatever the bound.
WAIT = 30.0


def browser(profile: Path) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
                 f"--user-data-dir={profile}", "--window-size=390,844"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    # The page's viewport exactly as on a 390x844 phone (the window adds no chrome to it).
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1,
                            "mobile": True})
    return driver


@pytest.fixture
def phones() -> Iterator[Callable[[], Any]]:
    made: list[Any] = []
    dirs: list[tempfile.TemporaryDirectory[str]] = []

    def make() -> Any:
        d = tempfile.TemporaryDirectory(prefix="phone-profile-")
        dirs.append(d)
        made.append(browser(Path(d.name)))
        return made[-1]

    yield make
    for driver in made:
        driver.quit()
    for d in dirs:
        d.cleanup()


def lcd(driver: Any) -> tuple[str, str]:
    """The page's two LCD rows; blank while a page is still loading (a form post or a reload
    replaces the document under the test, so the rows may not be there yet)."""
    rows = driver.execute_script(
        "const t = id => { const e = document.getElementById(id);"
        " return e ? e.textContent : ''; }; return [t('l1'), t('l2')];")
    return rows[0], rows[1]


def wait_lcd(driver: Any, check: Callable[[tuple[str, str]], bool], what: str) -> tuple[str, str]:
    return wait_until(lambda: check(lcd(driver)) and lcd(driver), WAIT,
                      f"{what}; the page shows {lcd(driver)}")


def _class_of(driver: Any, selector: str) -> str:
    """The class of the element, read in one script: blank while a page loads (an element
    found first and read after could belong to the page a form post is replacing)."""
    return str(driver.execute_script(
        "const e = document.querySelector(arguments[0]); return e ? e.className : '';",
        selector))


def led(driver: Any) -> str:
    return _class_of(driver, "#led")


def main_class(driver: Any) -> str:
    return _class_of(driver, "main")


def tap(driver: Any, key: str, times: int = 1) -> None:
    for _ in range(times):
        driver.find_element("id", key).click()


def hold(driver: Any, key: str, seconds: float) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    button = driver.find_element("id", key)
    ActionChains(driver).click_and_hold(button).pause(seconds).release(button).perform()


def join(driver: Any, table: PhoneTable, name: str) -> None:
    driver.get(table.url + "/")
    driver.find_element("xpath", f"//button[text()='{name}']").click()
    # The click posts a form: the join page stays until the answer replaces it, so wait for
    # the box page rather than look for it at once (CI's failure on a loaded machine).
    wait_until(lambda: "box" in main_class(driver).split()
               and "waiting" in main_class(driver).split(), WAIT, "the pending page")
    if table.lang == "en":
        assert "Waiting for the host" in driver.find_element("id", "note").text
    wait_until(lambda: table.pending() == 1, what="the claim on the table")
    table.host(Key.OK)
    wait_until(lambda: "led" in led(driver) and lcd(driver)[0].strip(), WAIT, "the seat")


@pytest.mark.slow  # Chromium
def test_two_phones_bid_lock_unlock_and_see_the_reveal(tmp_path: Path,
                                                        phones: Callable[[], Any]) -> None:
    table = PhoneTable(tmp_path)
    try:
        ann, bob = phones(), phones()
        join(ann, table, "Ann")
        join(bob, table, "Bob")
        assert table.phones.invite() is None  # every phone seat has its phone: no QR
        table.host(Key.OK)  # Start auction: Highest bet
        wait_lcd(ann, lambda r: r == ("Bid          $10", "<0>      OK=lock"), "Ann's prompt")
        assert "on" in led(ann).split() and "Your turn" in ann.page_source

        tap(ann, "plus", 7)
        wait_lcd(ann, lambda r: r[1].startswith("<7>"), "Ann dials 7")
        tap(ann, "ok")
        wait_lcd(ann, lambda r: r == ("LOCKED 7     $10", "hold OK: unlock "), "Ann locked")
        wait_until(lambda: "blink" in led(ann), what="Ann's LED blinks")
        assert [e["value"] for e in table.journal_lines() if e.get("type") == "enter"] == [7]

        # Bob's page holds nothing of Ann's 7, though Ann has locked it
        wait_lcd(bob, lambda r: r == ("Bid          $10", "<0>      OK=lock"), "Bob's prompt")
        assert "7" not in bob.find_element("tag name", "body").text
        assert "7" not in bob.page_source

        hold(ann, "ok", 1.3)  # OK held: unlock
        wait_lcd(ann, lambda r: r[1].startswith("<7>"), "Ann unlocked")
        tap(ann, "minus", 2)
        tap(ann, "ok")
        wait_lcd(ann, lambda r: r[0] == "LOCKED 5     $10", "Ann locked 5")

        tap(bob, "plus", 3)
        wait_lcd(bob, lambda r: r[1].startswith("<3>"), "Bob dials 3")
        assert "5" not in bob.find_element("tag name", "body").text
        tap(bob, "ok")
        wait_lcd(bob, lambda r: r[0].startswith("LOCKED 3"), "Bob locked")
        table.press(2, Key.PLUS)  # Cy, on a mock GPIO box: 1
        table.press(2, Key.OK)
        wait_lcd(ann, lambda r: r[0] == "You won!        ", "the reveal on Ann's phone")
        wait_lcd(bob, lambda r: r[0].startswith("Sale income?"), "the next question for Bob")

        ann.refresh()  # a reload keeps the seat and its state
        wait_lcd(ann, lambda r: r[0].strip() != "", "Ann's page after a reload")
        assert ann.find_element("id", "name").text == "Ann"
        if SHOTS:
            ann.save_screenshot(str(Path(SHOTS) / "phone-after-reveal.png"))

        bob.add_cookie({"name": COOKIE, "value": "wrong-token-" + "x" * 20, "path": "/"})
        bob.get(table.url + "/seat")
        assert "This phone holds no seat." in bob.page_source
    finally:
        table.close()
