"""The one error catalogue. A code is stable: the client maps it to an i18n key of the same name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ErrorCode:
    code: str
    status: int
    message: str  # English fallback; the client shows its own translation of `code`


CATALOGUE: dict[str, ErrorCode] = {}


def _define(code: str, status: int, message: str) -> ErrorCode:
    if code in CATALOGUE:
        raise ValueError(f"error code {code} defined twice")
    CATALOGUE[code] = entry = ErrorCode(code, status, message)
    return entry


BAD_REQUEST = _define("BAD_REQUEST", 400, "The request is malformed")
VALIDATION_ERROR = _define("VALIDATION_ERROR", 422, "Please Enter Correct Information")
UNAUTHORIZED = _define("UNAUTHORIZED", 401, "Not logged in, please log in")
FORBIDDEN = _define("FORBIDDEN", 403, "You are not allowed to do this")
NOT_FOUND = _define("NOT_FOUND", 404, "Not found")
METHOD_NOT_ALLOWED = _define("METHOD_NOT_ALLOWED", 405, "Method not allowed")
CONFLICT = _define("CONFLICT", 409, "The request conflicts with the current state")
TOO_MANY_REQUEST = _define("TOO_MANY_REQUEST", 429, "Too many requests, please retry later")
INTERNAL_ERROR = _define("INTERNAL_ERROR", 500, "Network link abnormal, try again")
SERVICE_UNAVAILABLE = _define("SERVICE_UNAVAILABLE", 503, "The service is temporarily unavailable")

MERCHANT_REQUIRED = _define("MERCHANT_REQUIRED", 400, "The Merchant header is required")
MERCHANT_NOT_FOUND = _define("MERCHANT_NOT_FOUND", 404, "Unknown merchant")
DOMAIN_NOT_FOUND = _define(
    "DOMAIN_NOT_FOUND", 404, "Invalid URL or domain check failed, contact customer service"
)
MODULE_DISABLED = _define("MODULE_DISABLED", 403, "This feature is switched off")
SYSTEM_MAINTENANCE = _define("SYSTEM_MAINTENANCE", 503, "System maintenance notice")
REGION_RESTRICTED = _define("REGION_RESTRICTED", 403, "Access restricted by IP or location")
# A brand theme refused (server/brands/theme.py); the message says which field and why.
THEME_INVALID = _define("THEME_INVALID", 422, "The theme is incomplete or malformed")
THEME_BAD_COLOUR = _define("THEME_BAD_COLOUR", 422, "Theme colours are #rrggbb hex colours")
THEME_UNKNOWN_FONT = _define("THEME_UNKNOWN_FONT", 422, "Unknown font stack")
THEME_UNSAFE_SVG = _define("THEME_UNSAFE_SVG", 422, "The SVG holds a script, a link or an unknown element")
THEME_BAD_SVG = _define("THEME_BAD_SVG", 422, "Not a usable SVG image")
THEME_BAD_IMAGE = _define("THEME_BAD_IMAGE", 422, "Theme images are the portal's own /brand/ files")
THEME_LOW_CONTRAST = _define("THEME_LOW_CONTRAST", 422, "Theme colours are too close to read")


class AppError(Exception):
    """A domain error: its stable code, its HTTP status and, optionally, a value for the client.

    commit_changes=True keeps what the unit of work wrote before the failure: a failed login must still
    count against the account, a wrong SMS code must still use up a try."""

    def __init__(
        self, error: ErrorCode, message: str | None = None, *, value: Any = None, commit_changes: bool = False
    ) -> None:
        self.error = error
        self.message = message or error.message
        self.value = value
        self.commit_changes = commit_changes
        super().__init__(f"{error.code}: {self.message}")

    @property
    def status(self) -> int:
        return self.error.status

    @property
    def code(self) -> str:
        return self.error.code


# Accounts (issue 3). Codes the client shows with the i18n key of the same name keep that spelling.
TRIAL_ACCOUNT = _define("in_need_true_account", 403, "Please register a real account first")
INVITATION_CODE = _define("invitation_code_error", 422, "Invalid invitation code")
INVALID_CREDENTIALS = _define("INVALID_CREDENTIALS", 401, "Account or password error")
LOGIN_LOCKED = _define("LOGIN_LOCKED", 429, "Too many failed logins, try again later")
CAPTCHA_REQUIRED = _define("CAPTCHA_REQUIRED", 422, "Captcha required")
CAPTCHA_INVALID = _define("CAPTCHA_INVALID", 422, "Captcha check failed")
CHALLENGE_REQUIRED = _define("CHALLENGE_REQUIRED", 422, "Please complete verification first")
CHALLENGE_INVALID = _define("CHALLENGE_INVALID", 422, "Verification failed, please try again")
SMS_CODE_INVALID = _define("SMS_CODE_INVALID", 422, "Invalid or missing verification code")
SMS_CODE_EXPIRED = _define("SMS_CODE_EXPIRED", 422, "Code expired, resend")
MOBILE_INVALID = _define("MOBILE_INVALID", 422, "Invalid phone number format")
MOBILE_TAKEN = _define("MOBILE_TAKEN", 409, "This mobile number is already registered")
USERNAME_TAKEN = _define("USERNAME_TAKEN", 409, "This username is already taken")
AGREEMENT_REQUIRED = _define("AGREEMENT_REQUIRED", 422, "Please confirm that you are 18 or older")
PASSWORD_MISMATCH = _define("PASSWORD_MISMATCH", 422, "Incorrect confirm password")
OLD_PASSWORD_WRONG = _define("OLD_PASSWORD_WRONG", 422, "The current password is wrong")
PASSWORD_REUSED = _define("PASSWORD_REUSED", 422, "The new password must differ from the current one")
PASSWORD_CHANGE_REQUIRED = _define("PASSWORD_CHANGE_REQUIRED", 403, "Please change your password first")
NON_MEMBER_ACCOUNT = _define("NON_MEMBER_ACCOUNT", 403, "Non-member account unable to login")
NON_AGENT_ACCOUNT = _define("NON_AGENT_ACCOUNT", 403, "Non-agents cannot log in")
AGENT_ONLY = _define("AGENT_ONLY", 403, "Only agents may use the agent centre")
AGENT_DOWNLINE_NOT_FOUND = _define("AGENT_DOWNLINE_NOT_FOUND", 404, "No such member in your team")
AGENT_CONTRACT_NOT_FOUND = _define("AGENT_CONTRACT_NOT_FOUND", 404, "No such contract")
AGENT_CONTRACT_NOT_AGENT = _define("AGENT_CONTRACT_NOT_AGENT", 422, "Contracts are for agents only")
AGENT_RATE_ABOVE_UPLINE = _define("AGENT_RATE_ABOVE_UPLINE", 422, "The rate is above your own contract's")
AGENT_CONTRACT_PENDING = _define("AGENT_CONTRACT_PENDING", 409, "An offer of this kind is already waiting")
AGENT_CONTRACT_STATE = _define("AGENT_CONTRACT_STATE", 409, "The contract is no longer in that state")
AGENT_CONTRACT_CONFIRM = _define(
    "AGENT_CONTRACT_CONFIRM", 409, "Accepting ends the contracts below you that pay more: confirm to go on"
)
AGENT_DIVIDEND_CYCLE = _define(
    "AGENT_DIVIDEND_CYCLE", 422, "A dividend you offer has your own dividend's cycle"
)
AGENT_SETTLEMENT_NOT_FOUND = _define("AGENT_SETTLEMENT_NOT_FOUND", 404, "No such settlement")
AGENT_SETTLEMENT_STATE = _define("AGENT_SETTLEMENT_STATE", 409, "This dividend is not waiting for approval")
ACCOUNT_DISABLED = _define("ACCOUNT_DISABLED", 403, "This account is disabled")
ENCRYPTION_REQUIRED = _define("ENCRYPTION_REQUIRED", 400, "This call needs an encrypted body")
DECRYPTION_FAILED = _define("DECRYPTION_FAILED", 400, "The encrypted body could not be read")
UPLOAD_INVALID = _define("UPLOAD_INVALID", 422, "Upload png or jpg images of at most 5MB")

# Wallet (issue 4).
INSUFFICIENT_FUNDS = _define("INSUFFICIENT_FUNDS", 422, "Insufficient balance")
IDEMPOTENCY_CONFLICT = _define(
    "IDEMPOTENCY_CONFLICT", 409, "This request id was already used for a different request"
)
WITHDRAWAL_STATE = _define("WITHDRAWAL_STATE", 409, "This withdrawal cannot do that in its current state")
WITHDRAW_LIMIT = _define("WITHDRAW_LIMIT", 422, "The amount is outside the withdrawal limits")
WITHDRAW_DAILY_LIMIT = _define("WITHDRAW_DAILY_LIMIT", 429, "Daily withdrawal limit reached")
DEPOSIT_LIMIT = _define("DEPOSIT_LIMIT", 422, "The amount is outside this channel's limits")
TURNOVER_REQUIRED = _define("TURNOVER_REQUIRED", 409, "Complete the required turnover before withdrawing")
PAYMENT_PASSWORD_NOT_SET = _define("PAYMENT_PASSWORD_NOT_SET", 409, "Set a withdrawal password first")
PAYMENT_PASSWORD_WRONG = _define("PAYMENT_PASSWORD_WRONG", 422, "The withdrawal password is wrong")
PAYMENT_PASSWORD_DEFAULT = _define(
    "PAYMENT_PASSWORD_DEFAULT", 422, "123456 is the well-known default: choose another withdrawal password"
)
TRANSFER_SAME_WALLET = _define("TRANSFER_SAME_WALLET", 422, "Choose two different wallets")
# Automatic transfer switched on for a merchant with one wallet, where there is nothing to move (issue 29).
AUTO_TRANSFER_SINGLE_WALLET = _define(
    "AUTO_TRANSFER_SINGLE_WALLET", 409, "Automatic transfer is for merchants with a wallet per vendor"
)
PAYEE_NAME_MISMATCH = _define("PAYEE_NAME_MISMATCH", 422, "The account name must match your real name")
GATEWAY_SIGNATURE = _define("GATEWAY_SIGNATURE", 401, "The payment notice could not be verified")

# Games and the seamless-wallet API (issue 5).
GAME_NOT_FOUND = _define("GAME_NOT_FOUND", 404, "This game does not exist")
GAME_DISABLED = _define("GAME_DISABLED", 403, "This game is not available at the moment")
LAUNCH_TOKEN_INVALID = _define(
    "LAUNCH_TOKEN_INVALID", 401, "The game session has expired, launch the game again"
)
VENDOR_SIGNATURE = _define("VENDOR_SIGNATURE", 401, "The vendor request could not be verified")
VENDOR_SESSION_INVALID = _define("VENDOR_SESSION_INVALID", 401, "The player's game session is not valid")
VENDOR_TX_CONFLICT = _define(
    "VENDOR_TX_CONFLICT", 409, "This transaction id was already used for a different request"
)
BET_NOT_FOUND = _define("BET_NOT_FOUND", 404, "No bet of this round is known")
BET_ROLLED_BACK = _define("BET_ROLLED_BACK", 409, "This bet was already rolled back")
ROUND_SETTLED = _define("ROUND_SETTLED", 409, "This round is already settled")
HOUSE_SESSION_INVALID = _define(
    "HOUSE_SESSION_INVALID", 401, "The game session has expired, launch the game again"
)
BETTING_CLOSED = _define("BETTING_CLOSED", 409, "Betting on this round is closed")
ROUND_NOT_SETTLED = _define("ROUND_NOT_SETTLED", 404, "This round has no result yet")

# The back office
LAST_OPERATOR = _define("LAST_OPERATOR", 409, "A merchant keeps at least one active operator")
OTP_INVALID = _define("OTP_INVALID", 401, "The code is wrong or has expired")
OTP_ENROLMENT_REQUIRED = _define("OTP_ENROLMENT_REQUIRED", 403, "Set up two-factor sign-in first")

# Content (issue 15): shared
LANGUAGE_UNSUPPORTED = _define("LANGUAGE_UNSUPPORTED", 422, "This language is not offered here")

# Content (issue 15): platform messages
MESSAGE_NOT_FOUND = _define("MESSAGE_NOT_FOUND", 404, "This message does not exist")

# Content (issue 15): notices and help centre
NOTICE_NOT_FOUND = _define("NOTICE_NOT_FOUND", 404, "This notice does not exist")
HELP_CATEGORY_NOT_FOUND = _define("HELP_CATEGORY_NOT_FOUND", 404, "This help category does not exist")
HELP_ARTICLE_NOT_FOUND = _define("HELP_ARTICLE_NOT_FOUND", 404, "This help article does not exist")
HELP_CATEGORY_NOT_EMPTY = _define(
    "HELP_CATEGORY_NOT_EMPTY", 409, "Move or delete the category's articles first"
)
HELP_CATEGORY_CODE_TAKEN = _define("HELP_CATEGORY_CODE_TAKEN", 409, "A help category with this code exists")

# Content (issue 15): feedback, applications, download QR codes
FEEDBACK_NOT_FOUND = _define("FEEDBACK_NOT_FOUND", 404, "This feedback does not exist")
FEEDBACK_ANSWERED = _define("FEEDBACK_ANSWERED", 409, "This feedback has already been answered")
FEEDBACK_IMAGE_TOO_LARGE = _define("FEEDBACK_IMAGE_TOO_LARGE", 413, "Each picture may be at most 5MB")
FEEDBACK_IMAGE_INVALID = _define(
    "FEEDBACK_IMAGE_INVALID", 422, "Pictures must be png or jpg images of at most 25 megapixels"
)
FEEDBACK_TOO_MANY_IMAGES = _define("FEEDBACK_TOO_MANY_IMAGES", 422, "At most 3 pictures per feedback")
APPLICATION_NOT_FOUND = _define("APPLICATION_NOT_FOUND", 404, "This application does not exist")
RESOURCE_NOT_FOUND = _define("RESOURCE_NOT_FOUND", 404, "This download is not offered here")

# Customer-service chat (issue 16)
CHAT_NOT_FOUND = _define("CHAT_NOT_FOUND", 404, "This conversation does not exist")
CHAT_CLOSED = _define("CHAT_CLOSED", 409, "This conversation has ended")
CHAT_NOT_CLOSED = _define("CHAT_NOT_CLOSED", 409, "A conversation can be rated once it has ended")
CHAT_ALREADY_RATED = _define("CHAT_ALREADY_RATED", 409, "This conversation has already been rated")
CHAT_ALREADY_CLAIMED = _define("CHAT_ALREADY_CLAIMED", 409, "A colleague has already taken this conversation")
CHAT_OFFLINE = _define("CHAT_OFFLINE", 409, "Customer service is offline: please leave a message")
CHAT_AGENT_NOT_FOUND = _define("CHAT_AGENT_NOT_FOUND", 404, "This colleague cannot take conversations")
CHAT_NOT_ASSIGNEE = _define("CHAT_NOT_ASSIGNEE", 403, "Only the agent holding this conversation may do this")
CHAT_IMAGE_TOO_LARGE = _define("CHAT_IMAGE_TOO_LARGE", 413, "A picture may be at most 5MB")
CHAT_IMAGE_INVALID = _define(
    "CHAT_IMAGE_INVALID", 422, "Pictures must be png or jpg images of at most 25 megapixels"
)
CHAT_CANNED_NOT_FOUND = _define("CHAT_CANNED_NOT_FOUND", 404, "This canned reply does not exist")
CHAT_CANNED_SHORTCUT_TAKEN = _define("CHAT_CANNED_SHORTCUT_TAKEN", 409, "A canned reply has this shortcut")

# Bonus grants by operators (issue 29): the brand's ceilings and the second pair of eyes
BONUS_GRANT_LIMIT = _define("BONUS_GRANT_LIMIT", 422, "The grant is above the brand's ceiling per grant")
BONUS_DAILY_LIMIT = _define("BONUS_DAILY_LIMIT", 409, "The grant would pass the brand's ceiling for the day")
BONUS_SELF_APPROVAL = _define(
    "BONUS_SELF_APPROVAL", 403, "Another staff member must approve a grant you asked for"
)
BONUS_GRANT_STATE = _define("BONUS_GRANT_STATE", 409, "This grant is no longer waiting for approval")
BONUS_GRANT_NOT_FOUND = _define("BONUS_GRANT_NOT_FOUND", 404, "This bonus grant does not exist")
# The limits themselves: a grant's ceiling within the day's, the four-eyes threshold below the grant's.
BONUS_LIMITS_INVALID = _define("BONUS_LIMITS_INVALID", 422, "The bonus limits do not fit together")

# Promotions (issue 31)
PROMOTION_NOT_FOUND = _define("PROMOTION_NOT_FOUND", 404, "This promotion does not exist")
PROMOTION_CLOSED = _define("PROMOTION_CLOSED", 409, "This promotion is not running")
PROMOTION_NOT_ELIGIBLE = _define("PROMOTION_NOT_ELIGIBLE", 409, "You are not eligible for this promotion")
PROMOTION_ALREADY = _define("PROMOTION_ALREADY", 409, "You have already taken part in this promotion")
PROMOTION_NOT_CLAIMABLE = _define("PROMOTION_NOT_CLAIMABLE", 409, "There is nothing to claim")
PROMOTION_ADDRESS_USED = _define(
    "PROMOTION_ADDRESS_USED", 409, "This promotion has already been taken from your network address"
)
PROMOTION_WRONG_ACTION = _define("PROMOTION_WRONG_ACTION", 409, "This promotion does not work that way")
PROMOTION_APPLICATION_NOT_FOUND = _define(
    "PROMOTION_APPLICATION_NOT_FOUND", 404, "This application does not exist"
)
PROMOTION_APPLICATION_REVIEWED = _define(
    "PROMOTION_APPLICATION_REVIEWED", 409, "This application has already been reviewed"
)
PROMOTION_DEVICE_USED = _define(
    "PROMOTION_DEVICE_USED", 409, "This promotion has already been taken from this device"
)
PROMOTION_TASK_NOT_DONE = _define("PROMOTION_TASK_NOT_DONE", 409, "This task is not complete yet")
PROMOTION_KIND_FIXED = _define("PROMOTION_KIND_FIXED", 422, "A promotion's kind cannot change")
# A stake above the open bonus's maximum, refused by the seamless bet (value: maxStake).
BONUS_MAX_STAKE = _define("BONUS_MAX_STAKE", 422, "A bonus is open: this stake is above its maximum")

# loyalty: points
POINTS_NOT_ENOUGH = _define("POINTS_NOT_ENOUGH", 409, "You do not have enough points")
POINTS_BELOW_MINIMUM = _define("POINTS_BELOW_MINIMUM", 422, "Convert at least the minimum number of points")
MALL_ITEM_NOT_FOUND = _define("MALL_ITEM_NOT_FOUND", 404, "This reward does not exist")
ITEM_SOLD_OUT = _define("ITEM_SOLD_OUT", 409, "This reward is sold out")
REDEEM_LIMIT = _define("REDEEM_LIMIT", 409, "You have redeemed this reward as many times as allowed")
DEPOSIT_REQUIRED = _define("DEPOSIT_REQUIRED", 409, "Your deposits do not reach this reward's requirement")
MALL_ITEM_UNAVAILABLE = _define("MALL_ITEM_UNAVAILABLE", 409, "This reward cannot be delivered right now")
MALL_CATEGORY_UNAVAILABLE = _define(
    "MALL_CATEGORY_UNAVAILABLE", 422, "This product cannot deliver free spins: choose another category"
)
REDEEM_NOT_FOUND = _define("REDEEM_NOT_FOUND", 404, "This redeem does not exist")
REDEEM_DECIDED = _define("REDEEM_DECIDED", 409, "This redeem has already been decided")

# loyalty: VIP and cashback
NOTHING_TO_CLAIM = _define("NOTHING_TO_CLAIM", 409, "There is no cashback to claim yet")
CASHBACK_AUTOMATIC = _define("CASHBACK_AUTOMATIC", 409, "Cashback is paid automatically every day")
# A VIP level's daily withdrawal count or amount reached (value: the level's limits).
WITHDRAWAL_LIMIT = _define("WITHDRAWAL_LIMIT", 429, "Your VIP level's daily withdrawal limit is reached")
VIP_LEVEL_NOT_FOUND = _define("VIP_LEVEL_NOT_FOUND", 404, "This VIP level does not exist")
VIP_LEVEL_IN_USE = _define("VIP_LEVEL_IN_USE", 409, "Only the highest VIP level above 0 can be removed")

# mini-games: the red-envelope rain
RAIN_NOT_OPEN = _define("RAIN_NOT_OPEN", 409, "This red-envelope rain is not open")
RAIN_EMPTY = _define("RAIN_EMPTY", 409, "Every envelope of this rain has been taken")
# A member's grabs in one session reached their limit (value: {limit}).
GRAB_LIMIT = _define("GRAB_LIMIT", 409, "You have grabbed as many envelopes as allowed")

# mini-games: the lucky wheel and the golden egg
NO_PLAYS_LEFT = _define("NO_PLAYS_LEFT", 409, "You have no plays left today")
# A prize table whose probabilities do not sum to exactly 100 % (value: {sum}, the percent sent).
PRIZE_TABLE_SUM = _define("PRIZE_TABLE_SUM", 422, "The prize probabilities must add up to exactly 100 %")
CHECKED_IN_ALREADY = _define("CHECKED_IN_ALREADY", 409, "You have already checked in today")

# player protection (issue 34): limits, exclusions, closure
# A limit the member set (value: {period, limit, left}); a bet's refusal reaches a vendor as
# INSUFFICIENT_FUNDS with this code as its reason.
LIMIT_DEPOSIT = _define("LIMIT_DEPOSIT", 409, "This deposit is over the deposit limit you set")
LIMIT_LOSS = _define("LIMIT_LOSS", 409, "This bet could take you over the loss limit you set")
LIMIT_WAGER = _define("LIMIT_WAGER", 409, "This bet is over the wager limit you set")
# The session time the member set has run out (value: {endsAt}).
SESSION_LIMIT = _define("SESSION_LIMIT", 403, "Your session time limit is reached")
# A time-out, a self-exclusion or a closed account (value: {kind, until, withdrawable}).
SELF_EXCLUDED = _define("SELF_EXCLUDED", 403, "This account is excluded from play")
NOTHING_TO_WITHDRAW = _define("NOTHING_TO_WITHDRAW", 409, "There is no balance left to withdraw")
NO_BANK_ACCOUNT = _define("NO_BANK_ACCOUNT", 409, "No bank account is bound to this account")

# player protection: identity (KYC) and age
KYC_REQUIRED = _define("KYC_REQUIRED", 403, "Verify your identity before this withdrawal")
KYC_PENDING = _define("KYC_PENDING", 409, "Your identity documents are being reviewed")
KYC_APPROVED = _define("KYC_APPROVED", 409, "Your identity is already verified")
KYC_IMAGE_INVALID = _define(
    "KYC_IMAGE_INVALID", 422, "Documents must be png or jpg pictures of at most 5MB and 25 megapixels"
)
KYC_NOT_PENDING = _define("KYC_NOT_PENDING", 409, "This submission has been reviewed already")
UNDERAGE = _define("UNDERAGE", 400, "You must be 18 or older to open an account")
