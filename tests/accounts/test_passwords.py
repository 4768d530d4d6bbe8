"""The password hasher a deployment runs with (the suite runs at argon2's least cost: tests/conftest.py)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from argon2 import PasswordHasher

from server.accounts import passwords


def test_a_server_process_hashes_at_rfc_9106_cost() -> None:
    # A new process, as a server starts: nothing of the suite's set-up applies.
    printed = subprocess.run(
        [sys.executable, "-c", "from server.accounts import passwords; print(passwords.hash_password('x'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert printed.startswith("$argon2id$v=19$m=65536,t=3,p=4$")


@pytest.mark.usefixtures("production_hasher")
def test_hashes_at_production_cost_and_checks_either_cost() -> None:
    stored = passwords.hash_password("Demo1234")
    assert stored.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert passwords.verify_password(stored, "Demo1234")
    assert not passwords.verify_password(stored, "Demo12345")
    cheap = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1).hash("Demo1234")
    assert passwords.verify_password(cheap, "Demo1234")
    assert passwords.needs_rehash(cheap)
    assert not passwords.needs_rehash(stored)


def test_an_unknown_name_is_refused_after_a_check() -> None:
    assert passwords.verify_or_spend(None, "Demo1234") is False
    assert passwords.verify_or_spend(passwords.hash_password("Demo1234"), "Demo1234") is True
