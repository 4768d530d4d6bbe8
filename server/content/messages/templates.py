"""The messages the product writes itself, in every language of the portal's switcher. A system message
stores all of them at once, so that a member who changes language later reads it in the new one."""

# Chinese and Japanese are written with their own full-width commas and brackets.
# ruff: noqa: RUF001

from __future__ import annotations

import html
import string
from collections.abc import Mapping

DEPOSIT_CREDITED = "DEPOSIT_CREDITED"
WITHDRAWAL_APPROVED = "WITHDRAWAL_APPROVED"
WITHDRAWAL_REJECTED = "WITHDRAWAL_REJECTED"
BONUS_GRANTED = "BONUS_GRANTED"
PASSWORD_CHANGED = "PASSWORD_CHANGED"  # noqa: S105 - a template name
NEW_DEVICE_LOGIN = "NEW_DEVICE_LOGIN"

# template -> language -> (title, content); {amount} {currency} {ip} are filled in, HTML-escaped.
TEMPLATES: dict[str, dict[str, tuple[str, str]]] = {
    DEPOSIT_CREDITED: {
        "EN": ("Deposit credited", "Your deposit of {amount} {currency} has been credited to your account."),
        "VI": ("Nạp tiền thành công", "Khoản nạp {amount} {currency} của bạn đã được cộng vào tài khoản."),
        "CN": ("存款已到账", "您的 {amount} {currency} 存款已存入您的账户。"),
        "TH": ("ฝากเงินสำเร็จ", "ยอดฝาก {amount} {currency} ของคุณเข้าบัญชีแล้ว"),
        "JA": ("入金が反映されました", "{amount} {currency} の入金がアカウントに反映されました。"),
        "PT": ("Depósito creditado", "Seu depósito de {amount} {currency} foi creditado na sua conta."),
        "TY": (
            "Pumasok na ang deposito",
            "Naidagdag na sa iyong account ang deposito mong {amount} {currency}.",
        ),
    },
    WITHDRAWAL_APPROVED: {
        "EN": (
            "Withdrawal approved",
            "Your withdrawal of {amount} {currency} has been approved and is being paid out.",
        ),
        "VI": (
            "Yêu cầu rút tiền đã được duyệt",
            "Yêu cầu rút {amount} {currency} của bạn đã được duyệt và đang được thanh toán.",
        ),
        "CN": ("提款已批准", "您的 {amount} {currency} 提款申请已批准，正在为您出款。"),
        "TH": (
            "อนุมัติการถอนเงินแล้ว",
            "คำขอถอนเงิน {amount} {currency} ของคุณได้รับการอนุมัติแล้ว และกำลังดำเนินการจ่ายเงิน",
        ),
        "JA": ("出金が承認されました", "{amount} {currency} の出金申請が承認され、お支払い手続き中です。"),
        "PT": ("Saque aprovado", "Seu saque de {amount} {currency} foi aprovado e está sendo pago."),
        "TY": (
            "Aprubado ang withdrawal",
            "Naaprubahan na ang withdrawal mong {amount} {currency} at kasalukuyang ipinapadala.",
        ),
    },
    WITHDRAWAL_REJECTED: {
        "EN": (
            "Withdrawal rejected",
            "Your withdrawal of {amount} {currency} was rejected and the amount is back in your balance. "
            "Contact customer service if you have questions.",
        ),
        "VI": (
            "Yêu cầu rút tiền bị từ chối",
            "Yêu cầu rút {amount} {currency} của bạn đã bị từ chối và số tiền đã được hoàn lại vào số dư. "
            "Vui lòng liên hệ chăm sóc khách hàng nếu bạn có thắc mắc.",
        ),
        "CN": (
            "提款被拒绝",
            "您的 {amount} {currency} 提款申请已被拒绝，款项已退回您的余额。如有疑问，请联系客服。",
        ),
        "TH": (
            "การถอนเงินถูกปฏิเสธ",
            "คำขอถอนเงิน {amount} {currency} ของคุณถูกปฏิเสธ และยอดเงินได้คืนเข้ายอดคงเหลือแล้ว "
            "หากมีข้อสงสัยโปรดติดต่อฝ่ายบริการลูกค้า",
        ),
        "JA": (
            "出金が却下されました",
            "{amount} {currency} の出金申請は却下され、金額は残高に戻されました。"
            "ご不明な点はカスタマーサービスまでお問い合わせください。",
        ),
        "PT": (
            "Saque recusado",
            "Seu saque de {amount} {currency} foi recusado e o valor voltou para o seu saldo. "
            "Fale com o atendimento se tiver dúvidas.",
        ),
        "TY": (
            "Tinanggihan ang withdrawal",
            "Tinanggihan ang withdrawal mong {amount} {currency} at naibalik na ang halaga sa iyong balanse. "
            "Makipag-ugnayan sa customer service kung may tanong ka.",
        ),
    },
    BONUS_GRANTED: {
        "EN": ("Bonus received", "A bonus of {amount} {currency} has been added to your account."),
        "VI": ("Đã nhận tiền thưởng", "Tiền thưởng {amount} {currency} đã được cộng vào tài khoản của bạn."),
        "CN": ("已获得奖金", "{amount} {currency} 的奖金已添加到您的账户。"),
        "TH": ("ได้รับโบนัส", "โบนัส {amount} {currency} ได้เข้าบัญชีของคุณแล้ว"),
        "JA": ("ボーナスを受け取りました", "{amount} {currency} のボーナスがアカウントに追加されました。"),
        "PT": ("Bônus recebido", "Um bônus de {amount} {currency} foi adicionado à sua conta."),
        "TY": ("Nakatanggap ka ng bonus", "Naidagdag na sa iyong account ang bonus na {amount} {currency}."),
    },
    PASSWORD_CHANGED: {
        "EN": (
            "Password changed",
            "Your login password was changed. If this was not you, contact customer service at once.",
        ),
        "VI": (
            "Mật khẩu đã được thay đổi",
            "Mật khẩu đăng nhập của bạn đã được thay đổi. Nếu không phải bạn thực hiện, "
            "hãy liên hệ ngay với chăm sóc khách hàng.",
        ),
        "CN": ("密码已修改", "您的登录密码已被修改。如非本人操作，请立即联系客服。"),
        "TH": (
            "เปลี่ยนรหัสผ่านแล้ว",
            "รหัสผ่านเข้าสู่ระบบของคุณถูกเปลี่ยนแล้ว หากไม่ใช่คุณ โปรดติดต่อฝ่ายบริการลูกค้าทันที",
        ),
        "JA": (
            "パスワードが変更されました",
            "ログインパスワードが変更されました。お心当たりがない場合は、すぐにカスタマーサービスへご連絡ください。",
        ),
        "PT": (
            "Senha alterada",
            "Sua senha de acesso foi alterada. Se não foi você, fale com o atendimento imediatamente.",
        ),
        "TY": (
            "Napalitan ang password",
            "Napalitan ang iyong login password. Kung hindi ikaw ito, "
            "makipag-ugnayan agad sa customer service.",
        ),
    },
    NEW_DEVICE_LOGIN: {
        "EN": (
            "Sign-in from a new device",
            "Your account was signed in from a new device or network (IP {ip}). If this was not you, "
            "change your password and contact customer service.",
        ),
        "VI": (
            "Đăng nhập từ thiết bị mới",
            "Tài khoản của bạn vừa được đăng nhập từ một thiết bị hoặc mạng mới (IP {ip}). "
            "Nếu không phải bạn, hãy đổi mật khẩu và liên hệ chăm sóc khách hàng.",
        ),
        "CN": (
            "新设备登录",
            "您的账户刚刚在新的设备或网络上登录（IP {ip}）。如非本人操作，请修改密码并联系客服。",
        ),
        "TH": (
            "เข้าสู่ระบบจากอุปกรณ์ใหม่",
            "บัญชีของคุณถูกเข้าสู่ระบบจากอุปกรณ์หรือเครือข่ายใหม่ (IP {ip}) หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านและติดต่อฝ่ายบริการลูกค้า",
        ),
        "JA": (
            "新しい端末からのログイン",
            "新しい端末またはネットワーク（IP {ip}）からアカウントにログインがありました。"
            "お心当たりがない場合は、パスワードを変更し、カスタマーサービスへご連絡ください。",
        ),
        "PT": (
            "Acesso de um novo dispositivo",
            "Sua conta foi acessada de um novo dispositivo ou rede (IP {ip}). Se não foi você, "
            "altere sua senha e fale com o atendimento.",
        ),
        "TY": (
            "Pag-login mula sa bagong device",
            "May nag-login sa iyong account mula sa bagong device o network (IP {ip}). Kung hindi ikaw ito, "
            "palitan ang iyong password at makipag-ugnayan sa customer service.",
        ),
    },
}

# loyalty: points. A mall redeem of physical goods decided by staff ({item}: its name; {points} given back).
POINTS_REDEEM_APPROVED = "POINTS_REDEEM_APPROVED"
POINTS_REDEEM_REJECTED = "POINTS_REDEEM_REJECTED"
TEMPLATES[POINTS_REDEEM_APPROVED] = {
    "EN": ("Redeem approved", "Your redeem of {item} has been approved and will be delivered soon."),
    "VI": ("Đổi thưởng đã được duyệt", "Yêu cầu đổi {item} của bạn đã được duyệt và sẽ sớm được giao."),
    "CN": ("兑换已批准", "您兑换的 {item} 已获批准，将尽快为您配送。"),
    "TH": ("อนุมัติการแลกรางวัลแล้ว", "การแลก {item} ของคุณได้รับการอนุมัติแล้ว และจะจัดส่งให้เร็ว ๆ นี้"),
    "JA": ("交換が承認されました", "{item} の交換が承認されました。まもなくお届けします。"),
    "PT": ("Resgate aprovado", "Seu resgate de {item} foi aprovado e será entregue em breve."),
    "TY": (
        "Naaprubahan ang redeem",
        "Naaprubahan na ang redeem mo ng {item} at ihahatid ito sa lalong madaling panahon.",
    ),
}
TEMPLATES[POINTS_REDEEM_REJECTED] = {
    "EN": (
        "Redeem rejected",
        "Your redeem of {item} was rejected: {reason}. Your {points} points have been returned.",
    ),
    "VI": (
        "Đổi thưởng bị từ chối",
        "Yêu cầu đổi {item} của bạn đã bị từ chối: {reason}. {points} điểm đã được hoàn lại cho bạn.",
    ),
    "CN": ("兑换被拒绝", "您兑换的 {item} 被拒绝：{reason}。{points} 积分已退回您的账户。"),
    "TH": (
        "การแลกรางวัลถูกปฏิเสธ",
        "การแลก {item} ของคุณถูกปฏิเสธ: {reason} คะแนน {points} คะแนนได้คืนให้คุณแล้ว",
    ),
    "JA": (
        "交換が却下されました",
        "{item} の交換は却下されました：{reason}。{points} ポイントを返却しました。",
    ),
    "PT": (
        "Resgate recusado",
        "Seu resgate de {item} foi recusado: {reason}. Seus {points} pontos foram devolvidos.",
    ),
    "TY": (
        "Tinanggihan ang redeem",
        "Tinanggihan ang redeem mo ng {item}: {reason}. Naibalik na ang iyong {points} puntos.",
    ),
}

# loyalty: referral. An invitee qualified and its inviter was paid ({amount} {currency} only: the messages
# test renders every template with those).
REFERRAL_REWARDED = "REFERRAL_REWARDED"
TEMPLATES[REFERRAL_REWARDED] = {
    "EN": (
        "Invite reward received",
        "A friend you invited qualified: {amount} {currency} has been credited to you.",
    ),
    "VI": (
        "Nhận thưởng mời bạn",
        "Một người bạn bạn mời đã đủ điều kiện: {amount} {currency} đã được cộng cho bạn.",
    ),
    "CN": ("邀请奖励已到账", "您邀请的一位好友已达标：{amount} {currency} 已存入您的账户。"),
    "TH": ("ได้รับรางวัลชวนเพื่อน", "เพื่อนที่คุณชวนผ่านเงื่อนไขแล้ว: {amount} {currency} เข้าบัญชีของคุณแล้ว"),
    "JA": (
        "招待報酬を受け取りました",
        "ご招待のお友達が条件を達成しました：{amount} {currency} を付与しました。",
    ),
    "PT": (
        "Prêmio de convite recebido",
        "Um amigo que você convidou se qualificou: {amount} {currency} foram creditados a você.",
    ),
    "TY": (
        "Natanggap ang invite reward",
        "Kwalipikado na ang kaibigang inimbitahan mo: naidagdag sa iyo ang {amount} {currency}.",
    ),
}

# loyalty: VIP ranks, written by the review job. No values: the VIP page shows the level and its perks.
VIP_PROMOTED = "VIP_PROMOTED"
VIP_DEMOTED = "VIP_DEMOTED"
TEMPLATES[VIP_PROMOTED] = {
    "EN": (
        "VIP level up",
        "Congratulations! Your VIP level has gone up. See the VIP page for your new benefits.",
    ),
    "VI": (
        "Thăng hạng VIP",
        "Chúc mừng! Cấp VIP của bạn đã được nâng. Xem trang VIP để biết các quyền lợi mới.",
    ),
    "CN": ("VIP 升级", "恭喜！您的 VIP 等级已提升。请到 VIP 页面查看您的新权益。"),
    "TH": ("เลื่อนระดับ VIP", "ยินดีด้วย! ระดับ VIP ของคุณเพิ่มขึ้นแล้ว ดูสิทธิประโยชน์ใหม่ได้ที่หน้า VIP"),
    "JA": (
        "VIPランクアップ",
        "おめでとうございます！VIPレベルが上がりました。新しい特典はVIPページでご確認ください。",
    ),
    "PT": ("Subiu de nível VIP", "Parabéns! Seu nível VIP subiu. Veja seus novos benefícios na página VIP."),
    "TY": (
        "Umakyat ang VIP level",
        "Binabati ka! Tumaas ang iyong VIP level. Tingnan ang VIP page para sa mga bagong benepisyo.",
    ),
}
TEMPLATES[VIP_DEMOTED] = {
    "EN": (
        "VIP level changed",
        "Your VIP level has changed: your deposits and turnover over the review period "
        "stayed below your level's requirements. See the VIP page for details.",
    ),
    "VI": (
        "Cấp VIP đã thay đổi",
        "Cấp VIP của bạn đã thay đổi: tiền nạp và doanh thu cược trong kỳ xét hạng chưa "
        "đạt yêu cầu của cấp. Xem trang VIP để biết chi tiết.",
    ),
    "CN": (
        "VIP 等级变更",
        "您的 VIP 等级已变更：您在考核期内的存款和有效投注未达到原等级的要求。详情请到 VIP 页面查看。",
    ),
    "TH": (
        "ระดับ VIP เปลี่ยนแปลง",
        "ระดับ VIP ของคุณเปลี่ยนแปลงแล้ว "
        "เนื่องจากยอดฝากและยอดเดิมพันในช่วงการประเมินไม่ถึงเกณฑ์ของระดับเดิม "
        "ดูรายละเอียดได้ที่หน้า VIP",
    ),
    "JA": (
        "VIPレベルの変更",
        "VIPレベルが変更されました。審査期間中の入金額と有効ベット額がレベルの条件に達しませんでした。詳しくはVIPページをご覧ください。",
    ),
    "PT": (
        "Nível VIP alterado",
        "Seu nível VIP mudou: seus depósitos e apostas no período de avaliação ficaram "
        "abaixo dos requisitos do nível. Veja os detalhes na página VIP.",
    ),
    "TY": (
        "Nagbago ang VIP level",
        "Nagbago ang iyong VIP level: ang iyong deposito at turnover sa panahon ng review "
        "ay kulang sa hinihingi ng iyong level. Tingnan ang VIP page para sa detalye.",
    ),
}


def fields_of(template: str) -> frozenset[str]:
    """The values a template asks for (in any language)."""
    return frozenset(
        name
        for title, content in TEMPLATES[template].values()
        for text in (title, content)
        for _, name, _, _ in string.Formatter().parse(text)
        if name
    )


def render(template: str, params: Mapping[str, object]) -> dict[str, dict[str, str]]:
    """{LANG: {"title", "content"}} for every language. A missing value is the caller's bug: KeyError."""
    if template not in TEMPLATES:
        raise KeyError(f"no system message template {template}")
    missing = fields_of(template) - set(params)
    if missing:
        raise KeyError(f"{template} needs {', '.join(sorted(missing))}")
    # Titles are plain text (the client shows them as text); contents are HTML, so their values are escaped.
    plain = {name: str(value) for name, value in params.items()}
    escaped = {name: html.escape(value) for name, value in plain.items()}
    return {
        language: {"title": title.format(**plain), "content": f"<p>{content.format(**escaped)}</p>"}
        for language, (title, content) in TEMPLATES[template].items()
    }
