/**
 * The demo content `npm start` seeds: the manual and the calculator explanation, in English and
 * Thai. Plain HTML within the sanitiser's allow-list; staff replace it with `desk page:publish`.
 */
export const manualPage = {
  link: 'manual',
  titleEn: 'How to use BahtDesk',
  titleTh: 'วิธีใช้งาน BahtDesk',
  bodyEn: `
<h2>1. Create your account</h2>
<p>Choose <strong>Sign up</strong> and follow the steps: a username and password, your first and last name, phone number and email, an optional bank account, and a USDT address.</p>
<h2>2. Verify your identity</h2>
<p>Before your first order, open <strong>Account</strong> and upload:</p>
<ul>
  <li>a photo of your passport;</li>
  <li>a photo of you holding your passport and a paper noting this site's name and today's date;</li>
  <li>two screenshots of your verified account on your exchange platform.</li>
</ul>
<p>Photos must be JPG or PNG. Until you send them, your status is <em>Not verified</em>. We check them; you will see the status <em>Waiting for review</em>, then <em>Verified</em>. If it says <em>Verification failed</em>, read the reason and upload again.</p>
<h2>3. Buy USDT</h2>
<ol>
  <li>Open <strong>Transaction</strong>, choose <strong>Buy</strong> and enter an amount from 1,000 to 3,000,000 THB. You see the USDT you will receive at the current rate.</li>
  <li>Pick the USDT address to receive on.</li>
  <li>Pay in cash only: deposit cash into our bank account and upload the deposit slip, or book a cash appointment at one of our locations on a weekday. Bank transfers are not accepted.</li>
  <li>Confirm before the payment time runs out (15 minutes). We check your payment and send the USDT.</li>
</ol>
<h2>4. Sell USDT</h2>
<ol>
  <li>Choose <strong>Sell</strong> and enter an amount from 100 to 100,000 USDT. You see the THB you will receive after the fee.</li>
  <li>Send the USDT to the address shown for your network, then confirm with the transaction hash or a screenshot.</li>
  <li>We check the transfer and pay the THB to your bank account.</li>
</ol>
<h2>5. Follow your orders</h2>
<p><strong>History</strong> lists every order with its status: <em>Awaiting payment</em> (waiting for your payment), <em>Being checked</em> (waiting for our check), <em>Completed</em>, <em>Rejected</em> (read the reason, or contact us by chat) or <em>Expired</em> (not paid in time).</p>
<h2>Need help?</h2>
<p>Our support team answers 24 hours a day. Use the contact button at the bottom of any page.</p>`,
  bodyTh: `
<h2>1. สมัครสมาชิก</h2>
<p>เลือก <strong>สมัครสมาชิก</strong> แล้วทำตามขั้นตอน: ชื่อผู้ใช้และรหัสผ่าน ชื่อและนามสกุล เบอร์โทรศัพท์และอีเมล บัญชีธนาคาร (ไม่บังคับ) และที่อยู่ USDT</p>
<h2>2. ยืนยันตัวตน</h2>
<p>ก่อนทำรายการครั้งแรก ให้เปิดหน้า <strong>บัญชี</strong> แล้วอัปโหลด:</p>
<ul>
  <li>รูปถ่ายหนังสือเดินทาง</li>
  <li>รูปถ่ายตัวคุณถือหนังสือเดินทางพร้อมกระดาษที่เขียนชื่อเว็บไซต์นี้และวันที่ของวันนี้</li>
  <li>ภาพหน้าจอบัญชีที่ยืนยันตัวตนแล้วบนแพลตฟอร์มแลกเปลี่ยน 2 ภาพ</li>
</ul>
<p>รูปภาพต้องเป็นไฟล์ JPG หรือ PNG ก่อนส่งรูป สถานะของคุณคือ <em>ยังไม่ได้ยืนยันตัวตน</em> เราจะตรวจสอบให้ สถานะจะแสดงเป็น <em>รอการตรวจสอบ</em> แล้วเป็น <em>ยืนยันตัวตนแล้ว</em> หากแสดงว่า <em>ยืนยันตัวตนไม่สำเร็จ</em> ให้อ่านเหตุผลแล้วอัปโหลดใหม่</p>
<h2>3. ซื้อ USDT</h2>
<ol>
  <li>เปิดหน้า <strong>ทำรายการ</strong> เลือก <strong>ซื้อ</strong> แล้วกรอกจำนวนเงิน 1,000 ถึง 3,000,000 บาท ระบบจะแสดงจำนวน USDT ที่คุณจะได้รับตามอัตราปัจจุบัน</li>
  <li>เลือกที่อยู่ USDT ที่จะรับเหรียญ</li>
  <li>ชำระด้วยเงินสดเท่านั้น: ฝากเงินสดเข้าบัญชีธนาคารของเราแล้วอัปโหลดสลิป หรือนัดหมายชำระเงินสดที่สาขาของเราในวันทำการ ไม่รับการโอนผ่านธนาคาร</li>
  <li>ยืนยันรายการก่อนหมดเวลาชำระเงิน (15 นาที) เราจะตรวจสอบการชำระเงินแล้วโอน USDT ให้คุณ</li>
</ol>
<h2>4. ขาย USDT</h2>
<ol>
  <li>เลือก <strong>ขาย</strong> แล้วกรอกจำนวน 100 ถึง 100,000 USDT ระบบจะแสดงจำนวนเงินบาทที่คุณจะได้รับหลังหักค่าธรรมเนียม</li>
  <li>โอน USDT ไปยังที่อยู่ที่แสดงสำหรับเครือข่ายของคุณ แล้วยืนยันด้วยแฮชของธุรกรรมหรือภาพหน้าจอ</li>
  <li>เราจะตรวจสอบการโอนแล้วจ่ายเงินบาทเข้าบัญชีธนาคารของคุณ</li>
</ol>
<h2>5. ติดตามรายการ</h2>
<p>หน้า <strong>ประวัติ</strong> แสดงทุกรายการพร้อมสถานะ: <em>รอชำระเงิน</em> (รอการชำระเงินของคุณ) <em>กำลังตรวจสอบ</em> (รอเราตรวจสอบ) <em>สำเร็จ</em> <em>ถูกปฏิเสธ</em> (อ่านเหตุผล หรือติดต่อเราทางแชท) หรือ <em>หมดเวลา</em> (ไม่ได้ชำระเงินภายในเวลาที่กำหนด)</p>
<h2>ต้องการความช่วยเหลือ?</h2>
<p>ทีมงานของเราพร้อมให้บริการตลอด 24 ชั่วโมง กดปุ่มติดต่อที่ด้านล่างของทุกหน้า</p>`,
};

export const calculatorPage = {
  link: 'calculator',
  titleEn: 'How amounts are calculated',
  titleTh: 'วิธีคำนวณจำนวนเงิน',
  bodyEn: `
<p>The calculator uses the live rates shown on the home page. Amounts are cut to two decimals, never rounded up.</p>
<h2>Buying USDT</h2>
<p><strong>USDT received = THB paid ÷ buy rate</strong>, cut to two decimals.</p>
<p>Example at a buy rate of 36.50: 10,000.00 THB ÷ 36.50 = 273.9726… so you receive <strong>273.97 USDT</strong>.</p>
<p>You can buy from 1,000 to 3,000,000 THB per order.</p>
<h2>Selling USDT</h2>
<p><strong>THB before fee = USDT sold × sell rate</strong>, cut to two decimals. The sell fee is a percentage of that amount, also cut to two decimals, and <strong>THB received = THB before fee − fee</strong>.</p>
<p>Example at a sell rate of 35.20 and a 1% fee: 500.00 USDT × 35.20 = 17,600.00 THB; fee 176.00 THB; you receive <strong>17,424.00 THB</strong>.</p>
<p>You can sell from 100 to 100,000 USDT per order.</p>
<h2>When the rate changes</h2>
<p>Rates can change at any time. If the rate changes between the moment you see it and the moment you create your order, we tell you and show the new amount before anything is booked.</p>`,
  bodyTh: `
<p>เครื่องคำนวณใช้อัตราปัจจุบันที่แสดงบนหน้าแรก จำนวนเงินจะถูกตัดให้เหลือทศนิยมสองตำแหน่ง โดยไม่ปัดขึ้น</p>
<h2>การซื้อ USDT</h2>
<p><strong>USDT ที่ได้รับ = จำนวนเงินบาทที่จ่าย ÷ อัตราซื้อ</strong> ตัดเหลือทศนิยมสองตำแหน่ง</p>
<p>ตัวอย่างที่อัตราซื้อ 36.50: 10,000.00 บาท ÷ 36.50 = 273.9726… คุณจะได้รับ <strong>273.97 USDT</strong></p>
<p>ซื้อได้ตั้งแต่ 1,000 ถึง 3,000,000 บาทต่อรายการ</p>
<h2>การขาย USDT</h2>
<p><strong>เงินบาทก่อนหักค่าธรรมเนียม = จำนวน USDT ที่ขาย × อัตราขาย</strong> ตัดเหลือทศนิยมสองตำแหน่ง ค่าธรรมเนียมการขายคิดเป็นเปอร์เซ็นต์ของจำนวนนี้ และตัดเหลือทศนิยมสองตำแหน่งเช่นกัน <strong>เงินบาทที่ได้รับ = เงินบาทก่อนหักค่าธรรมเนียม − ค่าธรรมเนียม</strong></p>
<p>ตัวอย่างที่อัตราขาย 35.20 และค่าธรรมเนียม 1%: 500.00 USDT × 35.20 = 17,600.00 บาท ค่าธรรมเนียม 176.00 บาท คุณจะได้รับ <strong>17,424.00 บาท</strong></p>
<p>ขายได้ตั้งแต่ 100 ถึง 100,000 USDT ต่อรายการ</p>
<h2>เมื่ออัตราเปลี่ยนแปลง</h2>
<p>อัตราอาจเปลี่ยนแปลงได้ตลอดเวลา หากอัตราเปลี่ยนระหว่างที่คุณเห็นกับตอนที่สร้างรายการ เราจะแจ้งให้ทราบและแสดงจำนวนเงินใหม่ก่อนบันทึกรายการ</p>`,
};

export const termsPage = {
  link: 'terms',
  titleEn: 'Terms of service',
  titleTh: 'ข้อกำหนดการให้บริการ',
  bodyEn: `
<p>These terms apply to every member of BahtDesk, operated by BahtDesk Co., Ltd. (demo text: the desk's staff replace it with their own).</p>
<h2>1. Membership</h2>
<p>You must be at least 20 years old, give true details and verify your identity before your first order. One person holds one account.</p>
<h2>2. Orders</h2>
<p>Each order uses the rate shown when you create it. Buy orders are paid in cash only, by cash deposit or at a cash appointment; bank transfers are not accepted. Staff check every order before it is completed.</p>
<h2>3. Payouts</h2>
<p>THB is paid only to a bank account in your own name; USDT only to an address you saved. A newly added destination can receive payouts after a cooling-off period.</p>
<h2>4. Refusal and closing</h2>
<p>We may refuse or cancel an order whose payment does not match the member, and close an account used for fraud, as Thai law requires.</p>
<h2>5. Contact</h2>
<p>Our team answers on LINE 24 hours a day.</p>`,
  bodyTh: `
<p>ข้อกำหนดนี้ใช้กับสมาชิก BahtDesk ทุกคน ให้บริการโดย บริษัท บาทเดสก์ จำกัด (ข้อความตัวอย่าง เจ้าหน้าที่จะแทนที่ด้วยข้อความจริง)</p>
<h2>1. การเป็นสมาชิก</h2>
<p>คุณต้องมีอายุอย่างน้อย 20 ปี ให้ข้อมูลที่เป็นจริง และยืนยันตัวตนก่อนทำรายการครั้งแรก หนึ่งคนมีได้หนึ่งบัญชี</p>
<h2>2. การทำรายการ</h2>
<p>แต่ละรายการใช้อัตราที่แสดงตอนสร้างรายการ การซื้อชำระด้วยเงินสดเท่านั้น โดยฝากเงินสดหรือนัดชำระเงินสด ไม่รับการโอนผ่านธนาคาร เจ้าหน้าที่ตรวจสอบทุกรายการก่อนดำเนินการให้เสร็จสิ้น</p>
<h2>3. การจ่ายเงิน</h2>
<p>เงินบาทจ่ายเข้าบัญชีธนาคารที่เป็นชื่อของคุณเท่านั้น และ USDT จ่ายเข้าที่อยู่ที่คุณบันทึกไว้เท่านั้น ปลายทางที่เพิ่มใหม่จะรับเงินได้หลังพ้นระยะรอ</p>
<h2>4. การปฏิเสธและการปิดบัญชี</h2>
<p>เราอาจปฏิเสธหรือยกเลิกรายการที่การชำระเงินไม่ตรงกับสมาชิก และปิดบัญชีที่ใช้ในการฉ้อโกงตามที่กฎหมายไทยกำหนด</p>
<h2>5. ติดต่อ</h2>
<p>ทีมงานของเราตอบทาง LINE ตลอด 24 ชั่วโมง</p>`,
};

export const privacyPage = {
  link: 'privacy',
  titleEn: 'Privacy policy',
  titleTh: 'นโยบายความเป็นส่วนตัว',
  bodyEn: `
<p>BahtDesk Co., Ltd. keeps your personal data under Thailand's Personal Data Protection Act (PDPA) (demo text: the desk's staff replace it with their own).</p>
<h2>What we keep</h2>
<p>Your name, phone number, email, identity documents, bank accounts, USDT addresses and orders.</p>
<h2>Why</h2>
<p>To verify who you are, to complete your orders, to pay you, and to meet anti-money-laundering law.</p>
<h2>Who sees it</h2>
<p>Only our staff, and authorities when the law requires. Photos are stripped of their location data when uploaded.</p>
<h2>Your rights</h2>
<p>You may ask to see, correct or delete your data, except what the law makes us keep. Contact us on LINE.</p>`,
  bodyTh: `
<p>บริษัท บาทเดสก์ จำกัด ดูแลข้อมูลส่วนบุคคลของคุณตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล (PDPA) (ข้อความตัวอย่าง เจ้าหน้าที่จะแทนที่ด้วยข้อความจริง)</p>
<h2>ข้อมูลที่เราเก็บ</h2>
<p>ชื่อ เบอร์โทรศัพท์ อีเมล เอกสารยืนยันตัวตน บัญชีธนาคาร ที่อยู่ USDT และรายการของคุณ</p>
<h2>เหตุผล</h2>
<p>เพื่อยืนยันตัวตนของคุณ ดำเนินรายการ จ่ายเงินให้คุณ และปฏิบัติตามกฎหมายป้องกันการฟอกเงิน</p>
<h2>ผู้ที่เห็นข้อมูล</h2>
<p>เฉพาะเจ้าหน้าที่ของเรา และหน่วยงานรัฐเมื่อกฎหมายกำหนด รูปภาพที่อัปโหลดจะถูกลบข้อมูลตำแหน่งออก</p>
<h2>สิทธิของคุณ</h2>
<p>คุณขอดู แก้ไข หรือลบข้อมูลของคุณได้ ยกเว้นข้อมูลที่กฎหมายกำหนดให้เก็บไว้ ติดต่อเราทาง LINE</p>`,
};

export const demoNews = [
  {
    titleEn: 'Welcome to BahtDesk',
    titleTh: 'ยินดีต้อนรับสู่ BahtDesk',
    bodyEn:
      '<p>Buy and sell USDT against Thai baht with cash deposits or cash appointments. Sign up, verify your identity once, and trade at the rates shown on the home page.</p>',
    bodyTh:
      '<p>ซื้อขาย USDT กับเงินบาทด้วยการฝากเงินสดหรือนัดหมายชำระเงินสด สมัครสมาชิก ยืนยันตัวตนครั้งเดียว แล้วทำรายการตามอัตราที่แสดงบนหน้าแรก</p>',
  },
  {
    titleEn: 'Cash only: bank transfers are not accepted',
    titleTh: 'รับเฉพาะเงินสด ไม่รับการโอนผ่านธนาคาร',
    bodyEn:
      '<p>For your safety, buy orders are paid in cash only: deposit cash into our bank account and upload the slip, or book a cash appointment on a weekday.</p>',
    bodyTh:
      '<p>เพื่อความปลอดภัยของคุณ รายการซื้อชำระด้วยเงินสดเท่านั้น: ฝากเงินสดเข้าบัญชีธนาคารของเราแล้วอัปโหลดสลิป หรือนัดหมายชำระเงินสดในวันทำการ</p>',
  },
  {
    titleEn: 'Cash appointments: weekdays, not on public holidays',
    titleTh: 'นัดหมายชำระเงินสด: วันทำการ ไม่รวมวันหยุดนักขัตฤกษ์',
    bodyEn:
      '<p>Book a cash appointment at Silom or Ari from Monday to Friday within the branch hours. Thai public holidays are closed; the booking form shows which days.</p>',
    bodyTh:
      '<p>นัดหมายชำระเงินสดที่สาขาสีลมหรืออารีย์ได้ตั้งแต่วันจันทร์ถึงวันศุกร์ ภายในเวลาทำการของสาขา ปิดทำการในวันหยุดนักขัตฤกษ์ แบบฟอร์มนัดหมายจะแสดงวันที่ปิดให้ทราบ</p>',
  },
] as const;

/** The desk's demo bank account for cash deposits (a made-up number of the bank's length). */
export const demoDeskBankAccounts = [
  {
    bankCode: 'KBANK',
    accountNumber: '1234567890',
    accountName: 'BahtDesk Co., Ltd.',
    accountNameTh: 'บริษัท บาทเดสก์ จำกัด',
  },
];

/**
 * The desk's demo receiving addresses, one per network, each valid for its network. TRON's is the
 * EVM one's 20-byte account in TRON's form (version byte 0x41, base58check), as a TRON wallet made
 * from the same key would show it.
 */
export const demoReceivingAddresses = {
  TRON: 'TJEh7TX8sNj5uq4hXKyYdTrnGmeeG48top',
  BEP20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  TETHER: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  BEP2: 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2',
  SOLANA: 'Aj6WpirGC7e77jdURc7xTG9hDhx6L5F4hJSSCKb6vaYz',
};

/** Two demo places for cash appointments. */
export const demoLocations = [
  {
    id: 'silom',
    name: { en: 'BahtDesk Silom', th: 'บาทเดสก์ สีลม' },
    address: {
      en: '123 Silom Road, Bang Rak, Bangkok 10500',
      th: '123 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพมหานคร 10500',
    },
    openingHours: { en: 'Mon-Fri 09:00-17:00', th: 'จันทร์-ศุกร์ 09:00-17:00 น.' },
    opens: '09:00',
    closes: '16:30',
  },
  {
    id: 'ari',
    name: { en: 'BahtDesk Ari', th: 'บาทเดสก์ อารีย์' },
    address: {
      en: '45 Phahonyothin Soi 7, Phaya Thai, Bangkok 10400',
      th: '45 ซอยพหลโยธิน 7 แขวงพญาไท เขตพญาไท กรุงเทพมหานคร 10400',
    },
    openingHours: { en: 'Mon-Fri 10:00-18:00', th: 'จันทร์-ศุกร์ 10:00-18:00 น.' },
    opens: '10:00',
    closes: '17:30',
  },
];
