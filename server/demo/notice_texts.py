"""The demo brands' notices in the switcher's seven languages: a banner and a promotion tile that lead to
pages that exist (the slots, the lottery), a popup draft, a members' notice and the announcements the marquee
runs. Only what is true of the demo."""

# Chinese and Japanese are written with their own full-width punctuation.
# ruff: noqa: RUF001, E501

from __future__ import annotations

# {lang: (title, HTML content)}
Texts = dict[str, tuple[str, str]]


def _titles(by_language: dict[str, str]) -> Texts:
    return {language: (title, "") for language, title in by_language.items()}


SLOTS_BANNER = _titles(
    {
        "EN": "Spin our slot machines",
        "CN": "来转老虎机",
        "JA": "スロットを回そう",
        "TH": "มาหมุนสล็อตกัน",
        "VI": "Quay máy slot của chúng tôi",
        "PT": "Gire os nossos caça-níqueis",
        "TY": "Paikutin ang aming mga slot machine",
    }
)

LOTTERY_TILE = _titles(
    {
        "EN": "A lottery draw every minute",
        "CN": "彩票每分钟开奖",
        "JA": "毎分抽選の宝くじ",
        "TH": "ลอตเตอรี่ออกผลทุกนาที",
        "VI": "Xổ số quay mỗi phút",
        "PT": "Um sorteio de loteria a cada minuto",
        "TY": "May bunutan ng lotto bawat minuto",
    }
)

WELCOME_POPUP: Texts = {
    "EN": (
        "Welcome to Demo Casino",
        "<p>This is the portal's demo brand: every game is one of its own house games, and no real money "
        "changes hands.</p><p>Questions? The help button in the bottom corner opens the live chat.</p>",
    ),
    "CN": (
        "欢迎来到 Demo Casino",
        "<p>这是本平台的演示品牌：所有游戏均为平台自有游戏，不涉及真实资金。</p><p>有疑问？点击底部角落的帮助按钮即可打开在线客服。</p>",
    ),
    "JA": (
        "Demo Casino へようこそ",
        "<p>ここはポータルのデモブランドです。ゲームはすべて自前のハウスゲームで、実際のお金は動きません。</p>"
        "<p>ご質問は、下隅のヘルプボタンからライブチャットへどうぞ。</p>",
    ),
    "TH": (
        "ยินดีต้อนรับสู่ Demo Casino",
        "<p>นี่คือแบรนด์สาธิตของพอร์ทัล ทุกเกมเป็นเกมของพอร์ทัลเอง และไม่มีเงินจริงเปลี่ยนมือ</p>"
        "<p>มีคำถาม? ปุ่มช่วยเหลือที่มุมล่างจะเปิดแชทสด</p>",
    ),
    "VI": (
        "Chào mừng đến với Demo Casino",
        "<p>Đây là thương hiệu demo của cổng: mọi trò chơi đều là trò chơi riêng của cổng, và không có tiền "
        "thật nào được chuyển.</p><p>Có câu hỏi? Nút trợ giúp ở góc dưới sẽ mở trò chuyện trực tuyến.</p>",
    ),
    "PT": (
        "Bem-vindo ao Demo Casino",
        "<p>Esta é a marca de demonstração do portal: todos os jogos são do próprio portal, e nenhum dinheiro "
        "real muda de mãos.</p><p>Dúvidas? O botão de ajuda no canto inferior abre o chat ao vivo.</p>",
    ),
    "TY": (
        "Maligayang pagdating sa Demo Casino",
        "<p>Ito ang demo brand ng portal: lahat ng laro ay sariling laro nito, at walang totoong perang "
        "nagpapalitan ng kamay.</p><p>May tanong? Binubuksan ng help button sa ibabang sulok ang live chat.</p>",
    ),
}

MEMBERS_RECORDS: Texts = {
    "EN": (
        "Your records, all in one place",
        "<p>The member centre lists your bets, your profit and loss, and every deposit and withdrawal you "
        "make.</p>",
    ),
    "CN": ("您的记录，一处可查", "<p>会员中心列出您的投注、盈亏以及每一笔充值和提款。</p>"),
    "JA": (
        "記録はすべてひとつの場所に",
        "<p>メンバーセンターには、あなたのベット、損益、すべての入金と出金が載っています。</p>",
    ),
    "TH": (
        "ประวัติทั้งหมดของคุณในที่เดียว",
        "<p>ศูนย์สมาชิกแสดงรายการเดิมพัน กำไรขาดทุน และการฝากถอนทุกครั้งของคุณ</p>",
    ),
    "VI": (
        "Mọi lịch sử của bạn ở một nơi",
        "<p>Trung tâm hội viên liệt kê các cược, lãi lỗ và mọi lần nạp, rút tiền của bạn.</p>",
    ),
    "PT": (
        "Todo o seu histórico num só lugar",
        "<p>A central do membro lista as suas apostas, os seus ganhos e perdas e cada depósito e saque que "
        "você faz.</p>",
    ),
    "TY": (
        "Lahat ng iyong record sa iisang lugar",
        "<p>Nakalista sa member centre ang iyong mga taya, kita at lugi, at bawat deposito at withdrawal "
        "mo.</p>",
    ),
}

LIVE_TABLES: Texts = {
    "EN": (
        "The live tables are open",
        "<p>Baccarat, dragon tiger, roulette and sic bo are dealt at the live tables. Pick a table in the live "
        "casino and join the next round.</p>",
    ),
    "CN": (
        "真人桌台已开放",
        "<p>百家乐、龙虎、轮盘和骰宝正在真人桌台进行。在真人娱乐场选一张桌台，加入下一局。</p>",
    ),
    "JA": (
        "ライブテーブル営業中",
        "<p>バカラ、ドラゴンタイガー、ルーレット、シックボーをライブテーブルで行っています。"
        "ライブカジノでテーブルを選び、次のラウンドに参加しましょう。</p>",
    ),
    "TH": (
        "โต๊ะสดเปิดแล้ว",
        "<p>บาคาร่า เสือมังกร รูเล็ต และไฮโลกำลังเปิดเล่นที่โต๊ะสด เลือกโต๊ะในคาสิโนสดแล้วร่วมรอบถัดไป</p>",
    ),
    "VI": (
        "Các bàn trực tiếp đã mở",
        "<p>Baccarat, rồng hổ, roulette và tài xỉu đang diễn ra tại các bàn trực tiếp. Chọn một bàn trong "
        "casino trực tiếp và tham gia ván tiếp theo.</p>",
    ),
    "PT": (
        "As mesas ao vivo estão abertas",
        "<p>Bacará, dragon tiger, roleta e sic bo estão em jogo nas mesas ao vivo. Escolha uma mesa no "
        "cassino ao vivo e entre na próxima rodada.</p>",
    ),
    "TY": (
        "Bukas na ang mga live table",
        "<p>Nilalaro ang baccarat, dragon tiger, roulette at sic bo sa mga live table. Pumili ng table sa live "
        "casino at sumali sa susunod na round.</p>",
    ),
}

TRY_A_SLOT: Texts = {
    "EN": (
        "Try a slot before you sign up",
        "<p>Open a slot without signing in and it runs with play money, so you can see how it plays before "
        "you register.</p>",
    ),
    "CN": ("注册前先试玩老虎机", "<p>无需登录即可打开老虎机，使用游戏币试玩，注册前先了解玩法。</p>"),
    "JA": (
        "登録前にスロットを試そう",
        "<p>ログインせずにスロットを開くと練習用のコインで遊べるので、登録前に遊び方を確かめられます。</p>",
    ),
    "TH": (
        "ลองเล่นสล็อตก่อนสมัคร",
        "<p>เปิดสล็อตได้โดยไม่ต้องเข้าสู่ระบบ และเล่นด้วยเงินทดลอง เพื่อให้คุณรู้วิธีเล่นก่อนสมัครสมาชิก</p>",
    ),
    "VI": (
        "Chơi thử slot trước khi đăng ký",
        "<p>Mở một máy slot mà không cần đăng nhập, máy sẽ chạy bằng tiền chơi thử, để bạn biết cách chơi "
        "trước khi đăng ký.</p>",
    ),
    "PT": (
        "Experimente um caça-níquel antes de se cadastrar",
        "<p>Abra um caça-níquel sem entrar na conta e ele roda com dinheiro de brincadeira, para você ver como "
        "funciona antes de se cadastrar.</p>",
    ),
    "TY": (
        "Subukan ang isang slot bago mag-sign up",
        "<p>Magbukas ng slot nang hindi nagsa-sign in at tatakbo ito gamit ang play money, para makita mo kung "
        "paano ito laruin bago ka magparehistro.</p>",
    ),
}

SECOND_BRAND_OPEN: Texts = {
    "EN": (
        "Welcome to Second Brand",
        "<p>Second Brand is the portal's second demo brand: the same house games, with a wallet for each game "
        "provider.</p>",
    ),
    "CN": (
        "欢迎来到 Second Brand",
        "<p>Second Brand 是本平台的第二个演示品牌：同样的平台游戏，每个游戏供应商各有一个钱包。</p>",
    ),
    "JA": (
        "Second Brand へようこそ",
        "<p>Second Brand はこのポータルの2つ目のデモブランドです。ゲームは同じハウスゲームで、"
        "ゲームプロバイダーごとにウォレットがあります。</p>",
    ),
    "TH": (
        "ยินดีต้อนรับสู่ Second Brand",
        "<p>Second Brand เป็นแบรนด์สาธิตที่สองของพอร์ทัลนี้ ใช้เกมชุดเดียวกัน และมีกระเป๋าเงินแยกสำหรับผู้ให้บริการเกมแต่ละราย</p>",
    ),
    "VI": (
        "Chào mừng đến với Second Brand",
        "<p>Second Brand là thương hiệu demo thứ hai của cổng này: cùng các trò chơi của cổng, mỗi nhà cung "
        "cấp trò chơi có một ví riêng.</p>",
    ),
    "PT": (
        "Bem-vindo à Second Brand",
        "<p>Second Brand é a segunda marca de demonstração deste portal: os mesmos jogos do portal, com uma "
        "carteira para cada fornecedor de jogos.</p>",
    ),
    "TY": (
        "Maligayang pagdating sa Second Brand",
        "<p>Ang Second Brand ay ang ikalawang demo brand ng portal na ito: parehong mga laro ng portal, na may "
        "wallet para sa bawat game provider.</p>",
    ),
}
