"""What a new merchant starts with: the whitelabel switch tree and the registration field rules."""

from __future__ import annotations

from dataclasses import dataclass, field

from server.brands.patterns import RegisterRule


@dataclass(frozen=True)
class SwitchSpec:
    mod_id: str
    enabled: bool
    children: tuple[SwitchSpec, ...] = field(default=())


def _on(mod_id: str, *children: SwitchSpec) -> SwitchSpec:
    return SwitchSpec(mod_id, True, children)


def _off(mod_id: str, *children: SwitchSpec) -> SwitchSpec:
    return SwitchSpec(mod_id, False, children)


# The switches SPEC §3 names keep their ids; the group nodes above them are ours, so that an operator
# can switch a whole area off with one node (a switch is on only when every ancestor is on too).
DEFAULT_WHITELABEL: tuple[SwitchSpec, ...] = (
    _on(
        "REGISTER3",
        _on("DIRECTREG3"),
        _on("USERNAMEREG3"),
        _off("MOBILENUMREG3"),
        _off("MOBILENUMPASSREG3"),
        _off("REGMOBVERF3"),
    ),
    _on(
        "LOGIN3",
        _off("MOBILEVERCODELOGIN3"),
        _off("FREEPLAY3"),
        _off("PWDEXPFORCECHANGE3"),
        _off("CHNGPASSVERIF3"),
    ),
    _on("MEMBER3", _on("WALLET3"), _off("MANPLAYREB3"), _on("REFERRAL3")),
    _on(
        "AGENT3",
        _off("AGENTPOLICY3"),
        _off("DIVIDEND3"),
        _off("DAILYSALARY3"),
        _off("HOURLYSALARY3"),
        _off("REALTIMESALARY3"),
    ),
    _on(
        "GAME3",
        _on("LIVE3"),
        _on("RNG3"),
        _on("SPORTS3"),
        _on("FISH3"),
        _on("PVP3"),
        _on("ESPORTS3"),
        _on("LOTT3"),
        _on("ELOTT3"),
    ),
    _on("PROMO3"),
    _on("VIP3"),
    _on("POINTMALL3"),
    _on("CHAT3"),
)


# Register payload fields of SPEC §3 that an operator can offer on the form.
DEFAULT_REGISTER_RULES: tuple[RegisterRule, ...] = (
    RegisterRule("username", True, True, 6, 16, 1),
    RegisterRule("password", True, True, 6, 20, 5),
    RegisterRule("mobileNum", True, False, 7, 15, 6),
    RegisterRule("email", True, False, 5, 64, 3),
    RegisterRule("payeeName", False, False, 2, 50, 12),
    RegisterRule("paymentPassword", False, False, 6, 6, 6),
    RegisterRule("qqNum", False, False, 5, 12, 6),
    RegisterRule("line", False, False, 1, 50, 9),
    RegisterRule("whatsapp", False, False, 7, 15, 6),
    RegisterRule("facebook", False, False, 1, 50, 9),
    RegisterRule("wechat", False, False, 1, 50, 9),
    RegisterRule("telegram", False, False, 1, 50, 9),
    RegisterRule("zalo", False, False, 7, 15, 6),
    RegisterRule("idNumber", False, False, 6, 30, 4),
    RegisterRule("recommenderId", False, False, 1, 30, 4),
    RegisterRule("affiliateCode", True, False, 4, 20, 4),
    RegisterRule("captcha", False, False, 4, 6, 4),
    # Offered, not asked: 18 or older when given (UNDERAGE). An operator may require it, or not offer it.
    RegisterRule("birthday", True, False, 10, 10, 11),
)

DEFAULT_SUPPORTED_LANGUAGES = ("EN", "TY")
# The header switcher's list (SPEC §9), in its order.
SWITCHER_LANGUAGES = ("CN", "EN", "JA", "TH", "VI", "PT", "TY")
