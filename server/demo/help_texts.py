"""The demo brands' help centres in the switcher's seven languages: the footer's seven categories for demo,
two for demo2. Only what is true of the demo: its games are the portal's house games, its deposits go through
a sandbox, and its e-mail addresses are on the reserved .test domain, which reaches no one."""

# Chinese and Japanese are written with their own full-width punctuation.
# ruff: noqa: RUF001, E501

from __future__ import annotations

# {code: ({lang: category title}, [{lang: (article title, article HTML)}])}
Texts = dict[str, tuple[str, str]]
HelpCentre = dict[str, tuple[dict[str, str], list[Texts]]]

HELP: HelpCentre = {
    "ABOUT": (
        {
            "EN": "About us",
            "CN": "关于我们",
            "JA": "私たちについて",
            "TH": "เกี่ยวกับเรา",
            "VI": "Về chúng tôi",
            "PT": "Sobre nós",
            "TY": "Tungkol sa amin",
        },
        [
            {
                "EN": (
                    "Who we are",
                    "<p>Demo Casino is the demo brand of this portal: live tables, slots, lotteries, fishing and "
                    "virtual sports in one account and one wallet.</p><p>Every game is one of the portal's own "
                    "house games. Deposits go through a sandbox, so no real money changes hands.</p>",
                ),
                "CN": (
                    "我们是谁",
                    "<p>Demo Casino 是本平台的演示品牌：真人桌台、老虎机、彩票、捕鱼和虚拟体育，一个账户、一个钱包。</p>"
                    "<p>所有游戏均为平台自有游戏。充值通过沙盒进行，不涉及真实资金。</p>",
                ),
                "JA": (
                    "私たちについて",
                    "<p>Demo Casino はこのポータルのデモブランドです。ライブテーブル、スロット、宝くじ、フィッシング、"
                    "バーチャルスポーツをひとつのアカウントとウォレットで楽しめます。</p><p>ゲームはすべてポータル自前の"
                    "ハウスゲームです。入金はサンドボックスを通るため、実際のお金は動きません。</p>",
                ),
                "TH": (
                    "เราคือใคร",
                    "<p>Demo Casino เป็นแบรนด์สาธิตของพอร์ทัลนี้ มีโต๊ะสด สล็อต ลอตเตอรี่ ยิงปลา และกีฬาเสมือน "
                    "ในบัญชีเดียวและกระเป๋าเงินเดียว</p><p>ทุกเกมเป็นเกมของพอร์ทัลเอง การฝากเงินผ่านระบบแซนด์บ็อกซ์ "
                    "จึงไม่มีเงินจริงเปลี่ยนมือ</p>",
                ),
                "VI": (
                    "Chúng tôi là ai",
                    "<p>Demo Casino là thương hiệu demo của cổng này: bàn trực tiếp, slot, xổ số, bắn cá và thể "
                    "thao ảo trong một tài khoản và một ví.</p><p>Mọi trò chơi đều là trò chơi riêng của cổng. "
                    "Tiền nạp đi qua môi trường thử nghiệm nên không có tiền thật nào được chuyển.</p>",
                ),
                "PT": (
                    "Quem somos",
                    "<p>Demo Casino é a marca de demonstração deste portal: mesas ao vivo, caça-níqueis, loterias, "
                    "pesca e esportes virtuais numa só conta e numa só carteira.</p><p>Todos os jogos são do "
                    "próprio portal. Os depósitos passam por um ambiente de testes, então nenhum dinheiro real "
                    "muda de mãos.</p>",
                ),
                "TY": (
                    "Sino kami",
                    "<p>Ang Demo Casino ay ang demo brand ng portal na ito: mga live table, slots, lotto, "
                    "pangingisda at virtual sports sa iisang account at iisang wallet.</p><p>Lahat ng laro ay "
                    "sariling laro ng portal. Dumadaan sa sandbox ang mga deposito, kaya walang totoong perang "
                    "nagpapalitan ng kamay.</p>",
                ),
            }
        ],
    ),
    "CONTACT": (
        {
            "EN": "Contact us",
            "CN": "联系我们",
            "JA": "お問い合わせ",
            "TH": "ติดต่อเรา",
            "VI": "Liên hệ",
            "PT": "Fale conosco",
            "TY": "Makipag-ugnayan sa amin",
        },
        [
            {
                "EN": (
                    "How to reach customer service",
                    "<p>Open the live chat with the help button in the bottom corner of every page. When no "
                    "agent is online, leave your message there: it is answered when one is.</p>"
                    "<p>support@demo.test is a demo address and reaches no one.</p>",
                ),
                "CN": (
                    "如何联系客服",
                    "<p>点击每个页面底部角落的帮助按钮即可打开在线客服。没有客服在线时，请在那里留言，客服上线后会回复。</p>"
                    "<p>support@demo.test 是演示地址，无法送达任何人。</p>",
                ),
                "JA": (
                    "カスタマーサービスへの連絡方法",
                    "<p>各ページの下隅にあるヘルプボタンからライブチャットを開けます。担当者がオフラインのときはそこに"
                    "メッセージを残してください。担当者が戻ると返信します。</p>"
                    "<p>support@demo.test はデモ用のアドレスで、誰にも届きません。</p>",
                ),
                "TH": (
                    "วิธีติดต่อฝ่ายบริการลูกค้า",
                    "<p>เปิดแชทสดด้วยปุ่มช่วยเหลือที่มุมล่างของทุกหน้า หากไม่มีเจ้าหน้าที่ออนไลน์ ให้ฝากข้อความไว้ที่นั่น "
                    "แล้วจะได้รับคำตอบเมื่อเจ้าหน้าที่กลับมา</p><p>support@demo.test เป็นที่อยู่สาธิตและไม่ถึงใคร</p>",
                ),
                "VI": (
                    "Cách liên hệ chăm sóc khách hàng",
                    "<p>Mở trò chuyện trực tuyến bằng nút trợ giúp ở góc dưới của mọi trang. Khi không có nhân "
                    "viên trực tuyến, hãy để lại tin nhắn ở đó: tin nhắn sẽ được trả lời khi có nhân viên.</p>"
                    "<p>support@demo.test là địa chỉ demo và không đến được ai.</p>",
                ),
                "PT": (
                    "Como falar com o atendimento",
                    "<p>Abra o chat ao vivo pelo botão de ajuda no canto inferior de cada página. Se nenhum "
                    "atendente estiver online, deixe a sua mensagem ali: ela será respondida quando houver um.</p>"
                    "<p>support@demo.test é um endereço de demonstração e não chega a ninguém.</p>",
                ),
                "TY": (
                    "Paano makipag-ugnayan sa customer service",
                    "<p>Buksan ang live chat gamit ang help button sa ibabang sulok ng bawat pahina. Kapag walang "
                    "agent na online, iwan doon ang iyong mensahe: sasagutin ito kapag may agent na.</p>"
                    "<p>Ang support@demo.test ay demo address at walang naaabot na tao.</p>",
                ),
            }
        ],
    ),
    "TERMS": (
        {
            "EN": "Terms & conditions",
            "CN": "条款与条件",
            "JA": "利用規約",
            "TH": "ข้อกำหนดและเงื่อนไข",
            "VI": "Điều khoản & điều kiện",
            "PT": "Termos e condições",
            "TY": "Mga tuntunin at kundisyon",
        },
        [
            {
                "EN": (
                    "Account rules",
                    "<p>You must be 18 or older to open an account. One account per person, household and "
                    "device.</p><p>Bonuses carry a turnover requirement that must be met before a withdrawal.</p>",
                ),
                "CN": (
                    "账户规则",
                    "<p>您必须年满 18 岁才能开设账户。每人、每户、每台设备仅限一个账户。</p>"
                    "<p>奖金附有流水要求，须在提款前完成。</p>",
                ),
                "JA": (
                    "アカウントのルール",
                    "<p>アカウントを開設できるのは18歳以上の方のみです。アカウントはお一人様、一世帯、一台の端末につき"
                    "ひとつまでです。</p><p>ボーナスには出金前に満たす必要のある賭け条件があります。</p>",
                ),
                "TH": (
                    "กฎของบัญชี",
                    "<p>คุณต้องมีอายุ 18 ปีขึ้นไปจึงจะเปิดบัญชีได้ หนึ่งบัญชีต่อหนึ่งคน หนึ่งครัวเรือน และหนึ่งอุปกรณ์</p>"
                    "<p>โบนัสมีเงื่อนไขยอดเทิร์นโอเวอร์ที่ต้องทำให้ครบก่อนถอนเงิน</p>",
                ),
                "VI": (
                    "Quy định tài khoản",
                    "<p>Bạn phải từ 18 tuổi trở lên để mở tài khoản. Mỗi người, mỗi hộ gia đình và mỗi thiết bị "
                    "chỉ được một tài khoản.</p><p>Tiền thưởng đi kèm yêu cầu doanh thu cược phải hoàn thành "
                    "trước khi rút tiền.</p>",
                ),
                "PT": (
                    "Regras da conta",
                    "<p>É preciso ter 18 anos ou mais para abrir uma conta. Uma conta por pessoa, residência e "
                    "dispositivo.</p><p>Os bônus têm um requisito de apostas que deve ser cumprido antes de um "
                    "saque.</p>",
                ),
                "TY": (
                    "Mga patakaran ng account",
                    "<p>Dapat ay 18 taong gulang ka o higit pa para magbukas ng account. Isang account lang bawat "
                    "tao, sambahayan at device.</p><p>May turnover requirement ang mga bonus na kailangang "
                    "matapos bago mag-withdraw.</p>",
                ),
            },
            {
                "EN": (
                    "Deposits and withdrawals",
                    "<p>A deposit is credited once its payment is confirmed. A withdrawal goes to a bank account "
                    "in your own name after the cashier approves it; the member centre shows where each request "
                    "stands.</p>",
                ),
                "CN": (
                    "充值与提款",
                    "<p>付款确认后，充值即入账。提款经收银批准后，转入您本人名下的银行账户；每笔申请的进度都可在会员中心查看。</p>",
                ),
                "JA": (
                    "入金と出金",
                    "<p>入金は支払いが確認された時点で反映されます。出金はキャッシャーの承認後、ご本人名義の銀行口座へ"
                    "送られます。各申請の状況はメンバーセンターで確認できます。</p>",
                ),
                "TH": (
                    "การฝากและถอนเงิน",
                    "<p>ยอดฝากจะเข้าบัญชีเมื่อการชำระเงินได้รับการยืนยัน การถอนเงินจะโอนเข้าบัญชีธนาคารในชื่อของคุณเอง"
                    "หลังแคชเชียร์อนุมัติ และดูสถานะของแต่ละคำขอได้ในศูนย์สมาชิก</p>",
                ),
                "VI": (
                    "Nạp và rút tiền",
                    "<p>Tiền nạp được cộng khi thanh toán được xác nhận. Tiền rút được chuyển vào tài khoản ngân "
                    "hàng đứng tên bạn sau khi thu ngân duyệt; trung tâm hội viên cho biết trạng thái của từng "
                    "yêu cầu.</p>",
                ),
                "PT": (
                    "Depósitos e saques",
                    "<p>Um depósito é creditado quando o pagamento é confirmado. Um saque vai para uma conta "
                    "bancária em seu próprio nome depois que o caixa o aprova; a central do membro mostra a "
                    "situação de cada pedido.</p>",
                ),
                "TY": (
                    "Mga deposito at withdrawal",
                    "<p>Naikikredito ang deposito kapag nakumpirma na ang bayad. Napupunta ang withdrawal sa bank "
                    "account na nasa sarili mong pangalan pagkatapos itong aprubahan ng cashier; makikita sa "
                    "member centre ang kalagayan ng bawat request.</p>",
                ),
            },
        ],
    ),
    "RESPONSIBLE": (
        {
            "EN": "Responsible gaming",
            "CN": "负责任博彩",
            "JA": "責任あるゲーム",
            "TH": "การเล่นอย่างรับผิดชอบ",
            "VI": "Chơi có trách nhiệm",
            "PT": "Jogo responsável",
            "TY": "Responsableng paglalaro",
        },
        [
            {
                "EN": (
                    "Stay in control",
                    "<p>Gaming should be fun. Set yourself a budget and a time limit, and never chase losses.</p>"
                    "<p>If you need a break, ask customer service to lock your account.</p>",
                ),
                "CN": (
                    "保持自控",
                    "<p>游戏应当是娱乐。请为自己设定预算和时间限制，切勿追回损失。</p><p>如需暂停，请联系客服锁定您的账户。</p>",
                ),
                "JA": (
                    "自分をコントロールする",
                    "<p>ゲームは楽しむためのものです。予算と時間の上限を決め、負けを取り返そうとしないでください。</p>"
                    "<p>休みが必要なときは、カスタマーサービスにアカウントのロックを依頼してください。</p>",
                ),
                "TH": (
                    "ควบคุมตัวเองให้ได้",
                    "<p>การเล่นเกมควรเป็นเรื่องสนุก ตั้งงบประมาณและเวลาให้ตัวเอง และอย่าไล่ตามเงินที่เสียไป</p>"
                    "<p>หากต้องการพัก ขอให้ฝ่ายบริการลูกค้าล็อกบัญชีของคุณได้</p>",
                ),
                "VI": (
                    "Luôn kiểm soát bản thân",
                    "<p>Trò chơi nên mang lại niềm vui. Hãy đặt ngân sách và giới hạn thời gian, và đừng bao giờ "
                    "cố gỡ lại khoản đã thua.</p><p>Nếu cần nghỉ ngơi, hãy nhờ bộ phận chăm sóc khách hàng khóa "
                    "tài khoản của bạn.</p>",
                ),
                "PT": (
                    "Mantenha o controle",
                    "<p>Jogar deve ser divertido. Defina um orçamento e um limite de tempo, e nunca tente "
                    "recuperar perdas.</p><p>Se precisar de uma pausa, peça ao atendimento para bloquear a sua "
                    "conta.</p>",
                ),
                "TY": (
                    "Manatiling may kontrol",
                    "<p>Dapat masaya ang paglalaro. Magtakda ng budget at limitasyon sa oras, at huwag habulin "
                    "ang mga talo.</p><p>Kung kailangan mo ng pahinga, hilingin sa customer service na i-lock "
                    "ang iyong account.</p>",
                ),
            }
        ],
    ),
    "PRIVACY": (
        {
            "EN": "Privacy policy",
            "CN": "隐私政策",
            "JA": "プライバシーポリシー",
            "TH": "นโยบายความเป็นส่วนตัว",
            "VI": "Chính sách bảo mật",
            "PT": "Política de privacidade",
            "TY": "Patakaran sa privacy",
        },
        [
            {
                "EN": (
                    "How we use your data",
                    "<p>We keep only what we need to run your account. Passwords are stored only as a hash, and "
                    "your login travels encrypted.</p><p>We never sell your personal data.</p>",
                ),
                "CN": (
                    "我们如何使用您的数据",
                    "<p>我们只保存运营您账户所需的信息。密码仅以哈希形式保存，登录信息加密传输。</p>"
                    "<p>我们绝不出售您的个人数据。</p>",
                ),
                "JA": (
                    "データの利用について",
                    "<p>保存するのはアカウントの運営に必要な情報だけです。パスワードはハッシュとしてのみ保存され、"
                    "ログイン情報は暗号化して送られます。</p><p>個人データを販売することは決してありません。</p>",
                ),
                "TH": (
                    "เราใช้ข้อมูลของคุณอย่างไร",
                    "<p>เราเก็บเฉพาะข้อมูลที่จำเป็นต่อการดูแลบัญชีของคุณ รหัสผ่านถูกเก็บเป็นค่าแฮชเท่านั้น "
                    "และข้อมูลการเข้าสู่ระบบถูกส่งแบบเข้ารหัส</p><p>เราไม่ขายข้อมูลส่วนบุคคลของคุณ</p>",
                ),
                "VI": (
                    "Cách chúng tôi sử dụng dữ liệu của bạn",
                    "<p>Chúng tôi chỉ lưu những gì cần để vận hành tài khoản của bạn. Mật khẩu chỉ được lưu dưới "
                    "dạng băm, và thông tin đăng nhập được gửi đi đã mã hóa.</p><p>Chúng tôi không bao giờ bán "
                    "dữ liệu cá nhân của bạn.</p>",
                ),
                "PT": (
                    "Como usamos os seus dados",
                    "<p>Guardamos apenas o necessário para manter a sua conta. As senhas são guardadas só como "
                    "hash, e o seu login viaja criptografado.</p><p>Nunca vendemos os seus dados pessoais.</p>",
                ),
                "TY": (
                    "Paano namin ginagamit ang iyong data",
                    "<p>Itinatago lang namin ang kailangan para patakbuhin ang iyong account. Naka-hash lang ang "
                    "pagkakatago ng mga password, at naka-encrypt ang iyong login habang ipinapadala.</p>"
                    "<p>Hindi namin kailanman ibinebenta ang iyong personal na data.</p>",
                ),
            }
        ],
    ),
    "AFFILIATES": (
        {
            "EN": "Affiliates",
            "CN": "代理合作",
            "JA": "アフィリエイト",
            "TH": "พันธมิตร",
            "VI": "Đại lý & đối tác",
            "PT": "Afiliados",
            "TY": "Mga affiliate",
        },
        [
            {
                "EN": (
                    "Become a partner",
                    "<p>Agents earn from the players they bring, under a contract with the brand. Apply on the "
                    '<a href="/join">join page</a>: the brand\'s staff read every application and answer it.</p>',
                ),
                "CN": (
                    "成为合作伙伴",
                    "<p>代理根据与品牌签订的合约，从其带来的玩家中获得收益。请在"
                    '<a href="/join">加入我们页面</a>提交申请：品牌工作人员会阅读并回复每一份申请。</p>',
                ),
                "JA": (
                    "パートナーになる",
                    "<p>エージェントはブランドとの契約に基づき、紹介したプレイヤーから収益を得ます。"
                    '<a href="/join">参加ページ</a>から申し込んでください。ブランドのスタッフがすべての申し込みを読み、'
                    "返信します。</p>",
                ),
                "TH": (
                    "มาเป็นพันธมิตร",
                    "<p>ตัวแทนได้รับรายได้จากผู้เล่นที่แนะนำมา ตามสัญญากับแบรนด์ สมัครได้ที่"
                    '<a href="/join">หน้าร่วมงานกับเรา</a> ทีมงานของแบรนด์จะอ่านและตอบทุกใบสมัคร</p>',
                ),
                "VI": (
                    "Trở thành đối tác",
                    "<p>Đại lý nhận thu nhập từ người chơi mình giới thiệu, theo hợp đồng với thương hiệu. Đăng ký "
                    'tại <a href="/join">trang tham gia</a>: nhân viên của thương hiệu đọc và trả lời mọi đơn '
                    "đăng ký.</p>",
                ),
                "PT": (
                    "Seja um parceiro",
                    "<p>Os agentes ganham com os jogadores que trazem, sob um contrato com a marca. Candidate-se "
                    'na <a href="/join">página de parcerias</a>: a equipe da marca lê e responde a cada '
                    "candidatura.</p>",
                ),
                "TY": (
                    "Maging partner",
                    "<p>Kumikita ang mga agent mula sa mga manlalarong dinadala nila, sa ilalim ng kontrata sa "
                    'brand. Mag-apply sa <a href="/join">join page</a>: binabasa at sinasagot ng staff ng brand '
                    "ang bawat aplikasyon.</p>",
                ),
            }
        ],
    ),
    "REFUND": (
        {
            "EN": "Refund policy",
            "CN": "退款政策",
            "JA": "返金ポリシー",
            "TH": "นโยบายการคืนเงิน",
            "VI": "Chính sách hoàn tiền",
            "PT": "Política de reembolso",
            "TY": "Patakaran sa refund",
        },
        [
            {
                "EN": (
                    "When money goes back",
                    "<p>A deposit the cashier rejects is never credited. A withdrawal the cashier rejects goes "
                    "back to your balance.</p><p>Settled bets are final and are not refunded.</p>",
                ),
                "CN": (
                    "资金何时退回",
                    "<p>被收银拒绝的充值不会入账。被收银拒绝的提款会退回您的余额。</p><p>已结算的注单为最终结果，不予退款。</p>",
                ),
                "JA": (
                    "お金が戻るとき",
                    "<p>キャッシャーが却下した入金は反映されません。キャッシャーが却下した出金は残高に戻ります。</p>"
                    "<p>確定したベットは最終的なもので、返金されません。</p>",
                ),
                "TH": (
                    "เมื่อไรเงินจะคืน",
                    "<p>ยอดฝากที่แคชเชียร์ปฏิเสธจะไม่เข้าบัญชี คำขอถอนที่แคชเชียร์ปฏิเสธจะคืนเข้ายอดเงินของคุณ</p>"
                    "<p>เดิมพันที่ชำระผลแล้วถือเป็นที่สิ้นสุดและไม่คืนเงิน</p>",
                ),
                "VI": (
                    "Khi nào tiền được hoàn lại",
                    "<p>Khoản nạp bị thu ngân từ chối sẽ không được cộng. Khoản rút bị thu ngân từ chối sẽ trở "
                    "lại số dư của bạn.</p><p>Các cược đã thanh toán là cuối cùng và không được hoàn lại.</p>",
                ),
                "PT": (
                    "Quando o dinheiro volta",
                    "<p>Um depósito recusado pelo caixa nunca é creditado. Um saque recusado pelo caixa volta "
                    "para o seu saldo.</p><p>Apostas liquidadas são definitivas e não são reembolsadas.</p>",
                ),
                "TY": (
                    "Kailan ibinabalik ang pera",
                    "<p>Hindi kailanman naikikredito ang depositong tinanggihan ng cashier. Bumabalik sa iyong "
                    "balanse ang withdrawal na tinanggihan ng cashier.</p><p>Pinal ang mga settled na taya at "
                    "hindi nire-refund.</p>",
                ),
            }
        ],
    ),
}

# demo2's own, so that nothing of demo's ever shows there.
HELP_DEMO2: HelpCentre = {
    "ABOUT": (
        {
            "EN": "About Second Brand",
            "CN": "关于 Second Brand",
            "JA": "Second Brand について",
            "TH": "เกี่ยวกับ Second Brand",
            "VI": "Về Second Brand",
            "PT": "Sobre a Second Brand",
            "TY": "Tungkol sa Second Brand",
        },
        [
            {
                "EN": (
                    "Who we are",
                    "<p>Second Brand is the portal's second demo brand: the same house games, with a wallet for "
                    "each game provider.</p>",
                ),
                "CN": (
                    "我们是谁",
                    "<p>Second Brand 是本平台的第二个演示品牌：同样的平台游戏，每个游戏供应商各有一个钱包。</p>",
                ),
                "JA": (
                    "私たちについて",
                    "<p>Second Brand はこのポータルの2つ目のデモブランドです。ゲームは同じハウスゲームで、"
                    "ゲームプロバイダーごとにウォレットがあります。</p>",
                ),
                "TH": (
                    "เราคือใคร",
                    "<p>Second Brand เป็นแบรนด์สาธิตที่สองของพอร์ทัลนี้ ใช้เกมชุดเดียวกัน "
                    "และมีกระเป๋าเงินแยกสำหรับผู้ให้บริการเกมแต่ละราย</p>",
                ),
                "VI": (
                    "Chúng tôi là ai",
                    "<p>Second Brand là thương hiệu demo thứ hai của cổng này: cùng các trò chơi của cổng, mỗi "
                    "nhà cung cấp trò chơi có một ví riêng.</p>",
                ),
                "PT": (
                    "Quem somos",
                    "<p>Second Brand é a segunda marca de demonstração deste portal: os mesmos jogos do portal, "
                    "com uma carteira para cada fornecedor de jogos.</p>",
                ),
                "TY": (
                    "Sino kami",
                    "<p>Ang Second Brand ay ang ikalawang demo brand ng portal na ito: parehong mga laro ng "
                    "portal, na may wallet para sa bawat game provider.</p>",
                ),
            }
        ],
    ),
    "CONTACT": (
        {
            "EN": "Contact",
            "CN": "联系方式",
            "JA": "お問い合わせ",
            "TH": "ติดต่อ",
            "VI": "Liên hệ",
            "PT": "Contato",
            "TY": "Makipag-ugnayan",
        },
        [
            {
                "EN": (
                    "Write to us",
                    "<p>Open the live chat with the help button in the bottom corner of every page. "
                    "help@demo2.test is a demo address and reaches no one.</p>",
                ),
                "CN": (
                    "给我们留言",
                    "<p>点击每个页面底部角落的帮助按钮即可打开在线客服。help@demo2.test 是演示地址，无法送达任何人。</p>",
                ),
                "JA": (
                    "メッセージを送る",
                    "<p>各ページの下隅にあるヘルプボタンからライブチャットを開けます。"
                    "help@demo2.test はデモ用のアドレスで、誰にも届きません。</p>",
                ),
                "TH": (
                    "เขียนถึงเรา",
                    "<p>เปิดแชทสดด้วยปุ่มช่วยเหลือที่มุมล่างของทุกหน้า help@demo2.test เป็นที่อยู่สาธิตและไม่ถึงใคร</p>",
                ),
                "VI": (
                    "Viết cho chúng tôi",
                    "<p>Mở trò chuyện trực tuyến bằng nút trợ giúp ở góc dưới của mọi trang. help@demo2.test là "
                    "địa chỉ demo và không đến được ai.</p>",
                ),
                "PT": (
                    "Escreva para nós",
                    "<p>Abra o chat ao vivo pelo botão de ajuda no canto inferior de cada página. "
                    "help@demo2.test é um endereço de demonstração e não chega a ninguém.</p>",
                ),
                "TY": (
                    "Sumulat sa amin",
                    "<p>Buksan ang live chat gamit ang help button sa ibabang sulok ng bawat pahina. Ang "
                    "help@demo2.test ay demo address at walang naaabot na tao.</p>",
                ),
            }
        ],
    ),
}
