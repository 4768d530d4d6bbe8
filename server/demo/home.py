"""The demo brands' home-page words (server/brands/home.py) in the switcher's seven languages: only what is
true of the demo. Figures are placeholders the server fills from the catalogue, so they follow the games the
merchant offers; {brand} is the brand's name."""

# Chinese and Japanese are written with their own full-width punctuation.
# ruff: noqa: RUF001

from __future__ import annotations

from typing import Any

from server.brands.home import HomeTextIn, stored_form


def _texts(by_language: dict[str, tuple[str, str, tuple[str, ...], str]]) -> dict[str, Any]:
    return stored_form(
        {
            language: HomeTextIn(
                hero_title=title, hero_subtitle=subtitle, chips=list(chips), footer_about=about
            )
            for language, (title, subtitle, chips, about) in by_language.items()
        }
    )


DEMO_HOME = _texts(
    {
        "EN": (
            "Welcome to {brand}",
            "Live tables, slots, lotteries, fishing and virtual sports, all from one wallet.",
            (
                "{slots} slot machines",
                "{live} live tables",
                "{lotteries} lotteries, the fastest drawn every minute",
            ),
            "{brand} is the demo brand of this portal. Every game is one of the portal's own house games; "
            "deposits go through a sandbox, and no real money changes hands.",
        ),
        "CN": (
            "欢迎来到 {brand}",
            "真人桌台、老虎机、彩票、捕鱼与虚拟体育，一个钱包畅玩。",
            ("{slots} 款老虎机", "{live} 张真人桌台", "{lotteries} 种彩票，最快每分钟开奖"),
            "{brand} 是本平台的演示品牌。所有游戏均为平台自有游戏；充值通过沙盒进行，不涉及真实资金。",
        ),
        "JA": (
            "{brand} へようこそ",
            "ライブテーブル、スロット、宝くじ、フィッシング、バーチャルスポーツをひとつのウォレットで。",
            ("スロット {slots} 機種", "ライブテーブル {live} 卓", "宝くじ {lotteries} 種類、最速で毎分抽選"),
            "{brand} はこのポータルのデモブランドです。ゲームはすべてポータル自前のハウスゲームで、"
            "入金はサンドボックスを通り、実際のお金は動きません。",
        ),
        "TH": (
            "ยินดีต้อนรับสู่ {brand}",
            "โต๊ะสด สล็อต ลอตเตอรี่ ยิงปลา และกีฬาเสมือน ในกระเป๋าเงินเดียว",
            ("สล็อต {slots} เกม", "โต๊ะสด {live} โต๊ะ", "ลอตเตอรี่ {lotteries} รายการ เร็วสุดออกผลทุกนาที"),
            "{brand} เป็นแบรนด์สาธิตของพอร์ทัลนี้ ทุกเกมเป็นเกมของพอร์ทัลเอง "
            "การฝากเงินผ่านระบบแซนด์บ็อกซ์ และไม่มีเงินจริงเปลี่ยนมือ",
        ),
        "VI": (
            "Chào mừng đến với {brand}",
            "Bàn trực tiếp, slot, xổ số, bắn cá và thể thao ảo, tất cả trong một ví.",
            ("{slots} máy slot", "{live} bàn trực tiếp", "{lotteries} loại xổ số, nhanh nhất quay mỗi phút"),
            "{brand} là thương hiệu demo của cổng này. Mọi trò chơi đều là trò chơi riêng của cổng; "
            "tiền nạp đi qua môi trường thử nghiệm và không có tiền thật nào được chuyển.",
        ),
        "PT": (
            "Bem-vindo ao {brand}",
            "Mesas ao vivo, slots, loterias, pesca e esportes virtuais, tudo numa só carteira.",
            (
                "{slots} caça-níqueis",
                "{live} mesas ao vivo",
                "{lotteries} loterias, a mais rápida sorteada a cada minuto",
            ),
            "{brand} é a marca de demonstração deste portal. Todos os jogos são do próprio portal; "
            "os depósitos passam por um ambiente de testes e nenhum dinheiro real muda de mãos.",
        ),
        "TY": (
            "Maligayang pagdating sa {brand}",
            "Mga live table, slots, lotto, pangingisda at virtual sports, lahat sa iisang wallet.",
            (
                "{slots} slot machine",
                "{live} live table",
                "{lotteries} lotto, ang pinakamabilis ay bawat minuto",
            ),
            "Ang {brand} ay ang demo brand ng portal na ito. Lahat ng laro ay sariling laro ng portal; "
            "dumadaan sa sandbox ang mga deposito, at walang totoong perang nagpapalitan ng kamay.",
        ),
    }
)

DEMO2_HOME = _texts(
    {
        "EN": (
            "Welcome to {brand}",
            "Slots, live tables and lotteries, with a wallet of its own for each game provider.",
            ("{games} games", "{slots} slots", "{live} live tables"),
            "{brand} is this portal's second demo brand: two brands run side by side on one deployment. "
            "No real money changes hands here.",
        ),
        "CN": (
            "欢迎来到 {brand}",
            "老虎机、真人桌台与彩票，每个游戏供应商各有独立钱包。",
            ("{games} 款游戏", "{slots} 款老虎机", "{live} 张真人桌台"),
            "{brand} 是本平台的第二个演示品牌：两个品牌在同一部署上并行运行。这里不涉及真实资金。",
        ),
        "JA": (
            "{brand} へようこそ",
            "スロット、ライブテーブル、宝くじ。ゲームプロバイダーごとに専用のウォレットがあります。",
            ("ゲーム {games} 種類", "スロット {slots} 機種", "ライブテーブル {live} 卓"),
            "{brand} はこのポータルの2つ目のデモブランドで、"
            "ひとつのデプロイで2つのブランドが並んで動いています。実際のお金は動きません。",
        ),
        "TH": (
            "ยินดีต้อนรับสู่ {brand}",
            "สล็อต โต๊ะสด และลอตเตอรี่ พร้อมกระเป๋าเงินแยกสำหรับผู้ให้บริการเกมแต่ละราย",
            ("{games} เกม", "สล็อต {slots} เกม", "โต๊ะสด {live} โต๊ะ"),
            "{brand} เป็นแบรนด์สาธิตที่สองของพอร์ทัลนี้ สองแบรนด์ทำงานคู่กันบนระบบเดียว ที่นี่ไม่มีเงินจริงเปลี่ยนมือ",
        ),
        "VI": (
            "Chào mừng đến với {brand}",
            "Slot, bàn trực tiếp và xổ số, mỗi nhà cung cấp trò chơi có một ví riêng.",
            ("{games} trò chơi", "{slots} slot", "{live} bàn trực tiếp"),
            "{brand} là thương hiệu demo thứ hai của cổng này: hai thương hiệu chạy song song trên cùng "
            "một hệ thống. Không có tiền thật nào được chuyển ở đây.",
        ),
        "PT": (
            "Bem-vindo à {brand}",
            "Slots, mesas ao vivo e loterias, com uma carteira própria para cada fornecedor de jogos.",
            ("{games} jogos", "{slots} slots", "{live} mesas ao vivo"),
            "{brand} é a segunda marca de demonstração deste portal: duas marcas funcionam lado a lado "
            "numa só instalação. Aqui nenhum dinheiro real muda de mãos.",
        ),
        "TY": (
            "Maligayang pagdating sa {brand}",
            "Slots, mga live table at lotto, na may sariling wallet para sa bawat game provider.",
            ("{games} laro", "{slots} slots", "{live} live table"),
            "Ang {brand} ay ang ikalawang demo brand ng portal na ito: dalawang brand ang tumatakbo nang "
            "magkatabi sa iisang deployment. Walang totoong perang nagpapalitan ng kamay dito.",
        ),
    }
)
