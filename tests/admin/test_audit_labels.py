"""Every action the server writes to the audit log, and every detail key it writes there, has a label in the
staff console (frontend/src/console/locales/en.json, `audit.actions` and `audit.keys`; its locale test holds
the other six languages to the same keys): an action added on the server without one fails here, rather
than showing the auditor a raw code.

The actions are read from the source, every call of the audit helper: a string, either of two strings, or
an f-string whose parts have a Literal type (a parameter, an annotated variable or a module's alias); an
action of any other form fails here, so that none escapes the check. The detail keys are read from the dict
literals a call writes (also through a variable, a module's helper or a method that returns one), the
arguments the command line's merchant command keeps, and the fields of the texts content entries keep per
language (the languages themselves the console names as its language switcher does)."""

from __future__ import annotations

import argparse
import ast
import itertools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import get_args

import server
from server import cli
from server.brands.home import HomeTextIn
from server.content.texts import TextIn, TitleIn

SERVER = Path(server.__file__).parent
CONSOLE_EN = SERVER.parent / "frontend" / "src" / "console" / "locales" / "en.json"
Scope = ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


@dataclass(frozen=True)
class AuditCall:
    where: str
    call: ast.Call
    scopes: tuple[Scope, ...]  # the module first, then each function the call is in

    @property
    def module(self) -> ast.Module:
        module = self.scopes[0]
        assert isinstance(module, ast.Module)
        return module

    def argument(self, name: str) -> ast.expr | None:
        return next((kw.value for kw in self.call.keywords if kw.arg == name), None)


def _audit_calls() -> Iterator[AuditCall]:
    for path in sorted(SERVER.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        yield from _calls_in(tree, (tree,), path.relative_to(SERVER.parent))


def _calls_in(node: ast.AST, scopes: tuple[Scope, ...], path: Path) -> Iterator[AuditCall]:
    for child in ast.iter_child_nodes(node):
        inner = (*scopes, child) if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else scopes
        if isinstance(child, ast.Call) and _named(child.func) == "audit":
            yield AuditCall(f"{path}:{child.lineno}", child, scopes)
        yield from _calls_in(child, inner, path)


def _named(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None


def _literal_values(annotation: ast.expr, module: ast.Module, where: str) -> set[str]:
    """The strings of a Literal[...] annotation (through Annotated[...] or a module-level alias)."""
    if isinstance(annotation, ast.Subscript) and _named(annotation.value) in ("Literal", "Annotated"):
        elements = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        if _named(annotation.value) == "Annotated":
            return _literal_values(elements[0], module, where)
        values = {
            element.value
            for element in elements
            if isinstance(element, ast.Constant) and isinstance(element.value, str)
        }
        assert len(values) == len(elements), f"{where}: {ast.unparse(annotation)} holds more than strings"
        return values
    if isinstance(annotation, ast.Name):
        for statement in module.body:
            if isinstance(statement, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == annotation.id for target in statement.targets
            ):
                return _literal_values(statement.value, module, where)
    raise AssertionError(f"{where}: {ast.unparse(annotation)} is not a Literal of the audit action's parts")


def _annotation_of(name: str, scopes: tuple[Scope, ...]) -> ast.expr | None:
    """The type a function the call is in gives `name`: a parameter's, or an annotated assignment's."""
    for scope in reversed(scopes):
        if isinstance(scope, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = scope.args
            for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
                if argument.arg == name and argument.annotation is not None:
                    return argument.annotation
            for statement in ast.walk(scope):
                if (
                    isinstance(statement, ast.AnnAssign)
                    and isinstance(statement.target, ast.Name)
                    and statement.target.id == name
                ):
                    return statement.annotation
    return None


def _actions(expr: ast.expr, found: AuditCall) -> set[str]:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return {expr.value}
    if isinstance(expr, ast.IfExp):
        return _actions(expr.body, found) | _actions(expr.orelse, found)
    if isinstance(expr, ast.JoinedStr):
        parts = [
            _actions(part.value if isinstance(part, ast.FormattedValue) else part, found)
            for part in expr.values
        ]
        return {"".join(combination) for combination in itertools.product(*parts)}
    if isinstance(expr, ast.Name):
        annotation = _annotation_of(expr.id, found.scopes)
        if annotation is not None:
            return _literal_values(annotation, found.module, found.where)
    raise AssertionError(
        f"{found.where}: the audit action {ast.unparse(expr)} is neither a string nor of a Literal type,"
        " so that no test can tell whether the console has a label for it"
    )


def _module_functions(module: ast.Module, name: str) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's functions, and its classes' methods, of this name."""
    for node in ast.walk(module):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name:
            yield node


def _detail_keys(expr: ast.expr, found: AuditCall, seen: set[int]) -> set[str]:
    if id(expr) in seen:
        return set()
    seen.add(id(expr))
    keys: set[str] = set()
    if isinstance(expr, ast.Dict):
        for key, value in zip(expr.keys, expr.values, strict=True):
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                keys.add(key.value)
            keys |= _detail_keys(value, found, seen)
    elif isinstance(expr, ast.IfExp):
        keys |= _detail_keys(expr.body, found, seen) | _detail_keys(expr.orelse, found, seen)
    elif isinstance(expr, ast.Name):
        # What the function the call is in assigned to the name.
        for statement in ast.walk(found.scopes[-1]):
            if isinstance(statement, ast.Assign) and any(
                isinstance(target, ast.Name) and target.id == expr.id for target in statement.targets
            ):
                keys |= _detail_keys(statement.value, found, seen)
    elif isinstance(expr, ast.Call) and (name := _named(expr.func)) is not None:
        # A helper of the module's own (or a method of one of its classes) that returns the detail.
        for function in _module_functions(found.module, name):
            for statement in ast.walk(function):
                if isinstance(statement, ast.Return) and statement.value is not None:
                    keys |= _detail_keys(statement.value, found, seen)
    return keys


def _merchant_command() -> argparse.ArgumentParser:
    commands = next(a for a in cli.parser()._actions if isinstance(a, argparse._SubParsersAction))
    merchant: argparse.ArgumentParser = commands.choices["merchant"]
    return merchant


def _merchant_arguments() -> dict[str, set[str]]:
    """Each of the merchant command's actions and the arguments it takes (its audit entry's detail keys)."""
    actions = next(a for a in _merchant_command()._actions if isinstance(a, argparse._SubParsersAction))
    return {
        name: {argument.dest for argument in parser._actions if argument.dest != "help"}
        for name, parser in actions.choices.items()
    }


def _console_labels() -> tuple[set[str], set[str]]:
    audit = json.loads(CONSOLE_EN.read_text())["audit"]
    return set(audit["actions"]), set(audit["keys"])


def test_the_merchant_command_writes_the_actions_its_type_names() -> None:
    # cli.py writes "cli.<action>" with the type MerchantAction: every sub-command must be one of its values.
    assert set(_merchant_arguments()) == set(get_args(cli.MerchantAction))


def test_every_audit_action_the_server_writes_has_a_console_label() -> None:
    calls = list(_audit_calls())
    written: dict[str, str] = {}
    for found in calls:
        action = found.argument("action")
        assert action is not None, f"{found.where}: an audit call without action="
        for name in _actions(action, found):
            written.setdefault(name, found.where)
    # The reading itself: it finds the calls of every kind (plain, either-or, f-strings of a Literal type).
    assert len(calls) >= 50, len(calls)
    for known in ("staff.create", "member.unlock", "withdrawal.refund", "deposit.confirm", "cli.region"):
        assert known in written, known
    labelled, _ = _console_labels()
    # i18next reads dots as nesting: the console keeps "staff.2fa.reset" as "staff_2fa_reset".
    unlabelled = {name: where for name, where in written.items() if name.replace(".", "_") not in labelled}
    assert unlabelled == {}, f"actions without a label in the console's audit.actions: {unlabelled}"


def test_every_detail_key_the_server_writes_has_a_console_label() -> None:
    written: dict[str, str] = {}
    for found in _audit_calls():
        detail = found.argument("detail")
        if detail is not None:
            for key in _detail_keys(detail, found, set()):
                written.setdefault(key, found.where)
    for action, arguments in _merchant_arguments().items():
        for key in arguments:
            written.setdefault(key, f"python -m server merchant {action}")
    # What content entries keep per language (their "texts", the home page's words): dumped models.
    for model in (TextIn, TitleIn, HomeTextIn):
        for key in model.model_json_schema()["properties"]:
            written.setdefault(key, model.__name__)
    for known in (
        "amount",
        "before",
        "orderNo",
        "grantMax",
        "resourceType",
        "sortOrder",
        "mod_id",
        "heroTitle",
    ):
        assert known in written, known
    _, labelled = _console_labels()
    unlabelled = {key: where for key, where in written.items() if key not in labelled}
    assert unlabelled == {}, f"detail keys without a label in the console's audit.keys: {unlabelled}"
