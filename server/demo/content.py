"""Demo notices and help centre (issue 15): the seven footer categories with articles in English and
Vietnamese, a banner, a promotion, a popup, a members' notice and two announcements for demo; a little for
demo2, so that tenancy shows. Called by seed_demo, which runs on an empty database only."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from server.content.help.models import HelpArticle, HelpCategory
from server.content.html import sanitise
from server.content.notices.models import Notice
from server.db.base import utcnow

# {code: ({lang: category title}, [{lang: (article title, article HTML)}])}
_Texts = dict[str, tuple[str, str]]
HELP: dict[str, tuple[dict[str, str], list[_Texts]]] = {
    "ABOUT": (
        {"EN": "About us", "VI": "Về chúng tôi"},
        [
            {
                "EN": (
                    "Who we are",
                    "<p>Demo Casino brings live casino, slots, sports, lottery and more to one account and "
                    "one wallet.</p><p>We are licensed and audited, and our games use certified random "
                    "number generators.</p>",
                ),
                "VI": (
                    "Chúng tôi là ai",
                    "<p>Demo Casino mang sòng bài trực tuyến, slot, thể thao, xổ số và nhiều trò chơi khác "
                    "vào một tài khoản và một ví duy nhất.</p><p>Chúng tôi được cấp phép và kiểm toán, các "
                    "trò chơi dùng bộ tạo số ngẫu nhiên đã được chứng nhận.</p>",
                ),
            }
        ],
    ),
    "CONTACT": (
        {"EN": "Contact us", "VI": "Liên hệ"},
        [
            {
                "EN": (
                    "How to reach customer service",
                    "<p>Our team answers around the clock.</p><ul><li>Live chat: the <b>Service</b> "
                    "button on every page</li><li>E-mail: support@demo.test</li></ul><p>We answer e-mail "
                    "within 24 hours.</p>",
                ),
                "VI": (
                    "Cách liên hệ chăm sóc khách hàng",
                    "<p>Đội ngũ của chúng tôi hỗ trợ 24/7.</p><ul><li>Trò chuyện trực tuyến: nút "
                    "<b>Dịch vụ</b> trên mọi trang</li><li>E-mail: support@demo.test</li></ul><p>Chúng "
                    "tôi trả lời e-mail trong vòng 24 giờ.</p>",
                ),
            }
        ],
    ),
    "TERMS": (
        {"EN": "Terms & conditions", "VI": "Điều khoản & điều kiện"},
        [
            {
                "EN": (
                    "Account rules",
                    "<p>You must be 18 or older to open an account. One account per person, household "
                    "and device.</p><p>Bonuses carry a turnover requirement that must be met before a "
                    "withdrawal.</p>",
                ),
                "VI": (
                    "Quy định tài khoản",
                    "<p>Bạn phải từ 18 tuổi trở lên để mở tài khoản. Mỗi người, mỗi hộ gia đình và mỗi "
                    "thiết bị chỉ được một tài khoản.</p><p>Tiền thưởng đi kèm yêu cầu doanh thu cược phải "
                    "hoàn thành trước khi rút tiền.</p>",
                ),
            },
            {
                "EN": (
                    "Deposits and withdrawals",
                    "<p>Deposits are credited once the payment is confirmed. Withdrawals go to an account "
                    "in your own name and are usually paid within 30 minutes.</p>",
                ),
                "VI": (
                    "Nạp và rút tiền",
                    "<p>Tiền nạp được cộng khi thanh toán được xác nhận. Tiền rút được chuyển vào tài khoản "
                    "đứng tên bạn và thường hoàn tất trong vòng 30 phút.</p>",
                ),
            },
        ],
    ),
    "RESPONSIBLE": (
        {"EN": "Responsible gaming", "VI": "Chơi có trách nhiệm"},
        [
            {
                "EN": (
                    "Stay in control",
                    "<p>Gaming should be fun. Set yourself a budget and a time limit, and never chase "
                    "losses.</p><p>If you need a break, customer service can pause or close your account "
                    "at any time.</p>",
                ),
                "VI": (
                    "Luôn kiểm soát bản thân",
                    "<p>Trò chơi nên mang lại niềm vui. Hãy đặt ngân sách và giới hạn thời gian, và đừng "
                    "bao giờ cố gỡ lại khoản đã thua.</p><p>Nếu cần nghỉ ngơi, bộ phận chăm sóc khách hàng "
                    "có thể tạm khóa hoặc đóng tài khoản của bạn bất cứ lúc nào.</p>",
                ),
            }
        ],
    ),
    "PRIVACY": (
        {"EN": "Privacy policy", "VI": "Chính sách bảo mật"},
        [
            {
                "EN": (
                    "How we use your data",
                    "<p>We keep only what we need to run your account and meet our legal duties. "
                    "Passwords are stored hashed and every connection is encrypted.</p><p>We never sell "
                    "your personal data.</p>",
                ),
                "VI": (
                    "Cách chúng tôi sử dụng dữ liệu của bạn",
                    "<p>Chúng tôi chỉ lưu những gì cần để vận hành tài khoản và tuân thủ pháp luật. Mật "
                    "khẩu được lưu dưới dạng băm và mọi kết nối đều được mã hóa.</p><p>Chúng tôi không "
                    "bao giờ bán dữ liệu cá nhân của bạn.</p>",
                ),
            }
        ],
    ),
    "AFFILIATES": (
        {"EN": "Affiliates", "VI": "Đại lý & đối tác"},
        [
            {
                "EN": (
                    "Become a partner",
                    '<p>Earn commission on the players you bring. Apply on the <a href="/join">join '
                    "page</a> and our partner team will contact you within two working days.</p>",
                ),
                "VI": (
                    "Trở thành đối tác",
                    '<p>Nhận hoa hồng từ người chơi bạn giới thiệu. Đăng ký tại <a href="/join">trang '
                    "tham gia</a> và đội ngũ đối tác sẽ liên hệ trong vòng hai ngày làm việc.</p>",
                ),
            }
        ],
    ),
    "REFUND": (
        {"EN": "Refund policy", "VI": "Chính sách hoàn tiền"},
        [
            {
                "EN": (
                    "When a deposit is refunded",
                    "<p>A deposit that could not be credited is refunded to the account it came from. "
                    "Settled bets are final and are not refunded.</p>",
                ),
                "VI": (
                    "Khi nào tiền nạp được hoàn lại",
                    "<p>Khoản nạp không thể cộng vào tài khoản sẽ được hoàn về tài khoản gốc. Các cược đã "
                    "thanh toán là cuối cùng và không được hoàn lại.</p>",
                ),
            }
        ],
    ),
}


# demo2's own, in English only: its readers asking for Vietnamese fall back to it.
HELP_DEMO2: dict[str, tuple[dict[str, str], list[_Texts]]] = {
    "ABOUT": (
        {"EN": "About Second Brand"},
        [{"EN": ("Who we are", "<p>Second Brand: sports and casino, a wallet per provider.</p>")}],
    ),
    "CONTACT": (
        {"EN": "Contact"},
        [{"EN": ("Write to us", "<p>E-mail help@demo2.test; we answer within a day.</p>")}],
    ),
}


def _texts(by_language: _Texts) -> dict[str, dict[str, str]]:
    return {code: {"title": title, "content": sanitise(html)} for code, (title, html) in by_language.items()}


async def _help(
    session: AsyncSession, merchant_id: int, help_centre: dict[str, tuple[dict[str, str], list[_Texts]]]
) -> None:
    for place, (code, (titles, articles)) in enumerate(help_centre.items(), start=1):
        category = HelpCategory(
            merchant_id=merchant_id,
            code=code,
            sort_order=place,
            texts={lang: {"title": title} for lang, title in titles.items()},
        )
        session.add(category)
        await session.flush()
        session.add_all(
            HelpArticle(
                merchant_id=merchant_id,
                category_id=category.id,
                sort_order=order,
                texts=_texts(article),
            )
            for order, article in enumerate(articles, start=1)
        )


def _notice(
    merchant_id: int, kind: str, texts: _Texts, *, published: bool = True, **fields: object
) -> Notice:
    return Notice(merchant_id=merchant_id, kind=kind, published=published, texts=_texts(texts), **fields)


async def seed_content(session: AsyncSession, demo_id: int, demo2_id: int) -> None:
    await _help(session, demo_id, HELP)
    now = utcnow()
    session.add_all(
        [
            _notice(
                demo_id,
                "BANNER",
                {"EN": ("Welcome bonus", ""), "VI": ("Thưởng chào mừng", "")},
                image_url="/banner-welcome.svg",
                link_url="/register",
                sort_order=1,
            ),
            _notice(
                demo_id,
                "PROMOTION",
                {"EN": ("Weekly cashback", ""), "VI": ("Hoàn tiền hàng tuần", "")},
                image_url="/banner-promotion.svg",
                link_url="/promotions",
                sort_order=1,
            ),
            # A draft: a popup covers the page at every first visit, so the operator publishes it from the
            # console (Content, Popup) when they want the demo to show one.
            _notice(
                demo_id,
                "POPUP",
                published=False,
                texts={
                    "EN": (
                        "Welcome to Demo Casino",
                        "<p>Claim a <b>100% welcome bonus</b> on your first deposit.</p>"
                        '<p>See <a href="/promotions">promotions</a> for the details.</p>',
                    ),
                    "VI": (
                        "Chào mừng đến với Demo Casino",
                        "<p>Nhận <b>thưởng chào mừng 100%</b> cho lần nạp đầu tiên.</p>"
                        '<p>Xem <a href="/promotions">khuyến mãi</a> để biết chi tiết.</p>',
                    ),
                },
            ),
            _notice(
                demo_id,
                "PLAYER",
                {
                    "EN": (
                        "Members' weekend reload",
                        "<p>Deposit this weekend and get a 20% reload bonus, for members only.</p>",
                    ),
                    "VI": (
                        "Thưởng nạp lại cuối tuần cho hội viên",
                        "<p>Nạp tiền cuối tuần này để nhận thưởng nạp lại 20%, chỉ dành cho hội viên.</p>",
                    ),
                },
                audience="MEMBERS",
            ),
            _notice(
                demo_id,
                "ANNOUNCEMENT",
                {
                    "EN": (
                        "Scheduled maintenance on Sunday",
                        "<p>The site will be under maintenance on Sunday from 02:00 to 04:00 (UTC). Your "
                        "balance is safe.</p>",
                    ),
                    "VI": (
                        "Bảo trì định kỳ vào Chủ nhật",
                        "<p>Trang web sẽ bảo trì vào Chủ nhật từ 02:00 đến 04:00 (UTC). Số dư của bạn "
                        "vẫn an toàn.</p>",
                    ),
                },
                announcement_type="GENERAL",
                starts_at=now - timedelta(days=2),
            ),
            _notice(
                demo_id,
                "ANNOUNCEMENT",
                {
                    "EN": (
                        "Live casino cashback is back",
                        "<p>Get up to 10% cashback on live casino every Monday. No code needed.</p>",
                    ),
                    "VI": (
                        "Hoàn tiền sòng bài trực tuyến đã trở lại",
                        "<p>Nhận hoàn tiền đến 10% cho sòng bài trực tuyến mỗi thứ Hai. Không cần mã.</p>",
                    ),
                },
                announcement_type="PROMOTION",
                starts_at=now - timedelta(days=1),
            ),
        ]
    )
    # demo2: English only, so that its readers fall back, and so that nothing of demo's ever shows there.
    await _help(session, demo2_id, HELP_DEMO2)
    session.add(
        _notice(
            demo2_id,
            "ANNOUNCEMENT",
            {"EN": ("Welcome to Second Brand", "<p>Our new site is open.</p>")},
            announcement_type="GENERAL",
        )
    )
    await session.flush()
