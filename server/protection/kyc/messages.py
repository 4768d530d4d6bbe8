"""What the member is told when staff review their identity documents: system messages in every language
of the portal's switcher (server/content/messages/templates.py's kind), registered there on import."""

# Chinese and Japanese are written with their own full-width punctuation.
# ruff: noqa: RUF001

from __future__ import annotations

from server.content.messages import templates

KYC_APPROVED = "KYC_APPROVED"
KYC_REJECTED = "KYC_REJECTED"

templates.TEMPLATES[KYC_APPROVED] = {
    "EN": ("Identity verified", "Your identity documents were approved. Thank you."),
    "VI": ("Đã xác minh danh tính", "Giấy tờ tùy thân của bạn đã được duyệt. Xin cảm ơn."),
    "CN": ("身份验证已通过", "您提交的身份证件已审核通过，谢谢。"),
    "TH": ("ยืนยันตัวตนแล้ว", "เอกสารยืนยันตัวตนของคุณได้รับการอนุมัติแล้ว ขอบคุณ"),
    "JA": ("本人確認が完了しました", "ご提出いただいた本人確認書類が承認されました。ありがとうございます。"),
    "PT": ("Identidade verificada", "Seus documentos de identidade foram aprovados. Obrigado."),
    "TY": (
        "Na-verify na ang pagkakakilanlan",
        "Naaprubahan na ang iyong mga dokumento ng pagkakakilanlan. Salamat.",
    ),
}
templates.TEMPLATES[KYC_REJECTED] = {
    "EN": (
        "Identity documents not approved",
        "Your identity documents were not approved: {reason} You can send new pictures from your account.",
    ),
    "VI": (
        "Giấy tờ tùy thân chưa được duyệt",
        "Giấy tờ tùy thân của bạn chưa được duyệt: {reason} Bạn có thể gửi ảnh mới trong tài khoản của mình.",
    ),
    "CN": ("身份证件未通过审核", "您提交的身份证件未通过审核：{reason} 您可以在账户中重新上传照片。"),
    "TH": (
        "เอกสารยืนยันตัวตนไม่ผ่านการอนุมัติ",
        "เอกสารยืนยันตัวตนของคุณไม่ผ่านการอนุมัติ: {reason} คุณสามารถส่งรูปภาพใหม่ได้จากบัญชีของคุณ",
    ),
    "JA": (
        "本人確認書類が承認されませんでした",
        "ご提出いただいた本人確認書類は承認されませんでした：{reason} "
        "アカウントから新しい画像を送信できます。",
    ),
    "PT": (
        "Documentos de identidade não aprovados",
        "Seus documentos de identidade não foram aprovados: {reason} "
        "Você pode enviar novas fotos pela sua conta.",
    ),
    "TY": (
        "Hindi naaprubahan ang mga dokumento ng pagkakakilanlan",
        "Hindi naaprubahan ang iyong mga dokumento ng pagkakakilanlan: {reason} "
        "Maaari kang magpadala ng mga bagong larawan mula sa iyong account.",
    ),
}
