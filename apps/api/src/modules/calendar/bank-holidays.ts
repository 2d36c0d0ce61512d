import type { IsoDate } from '@bahtdesk/contract';

/** A day the desk is closed, with its name in both languages. */
export interface NamedDay {
  date: IsoDate;
  name: { en: string; th: string };
}

const day = (date: IsoDate, en: string, th: string): NamedDay => ({ date, name: { en, th } });

/**
 * The Bank of Thailand's holidays of financial institutions for the years it has published
 * (decision 0058 gives the sources and what was checked): the days banks are closed, with the
 * substitution days and Labour Day, which the holiday library leaves out, and the Buddhist days
 * on the dates the Bank announced. Holidays that fall on a weekend are listed too, so a member
 * picking that day reads its name; weekends are closed either way.
 */
export const OFFICIAL_BANK_HOLIDAYS: Readonly<Record<number, readonly NamedDay[]>> = {
  2025: [
    day('2025-01-01', "New Year's Day", 'วันขึ้นปีใหม่'),
    day('2025-02-12', 'Makha Bucha Day', 'วันมาฆบูชา'),
    day('2025-04-06', 'Chakri Memorial Day', 'วันจักรี'),
    day('2025-04-07', 'Substitution for Chakri Memorial Day', 'วันหยุดชดเชยวันจักรี'),
    day('2025-04-13', 'Songkran Festival', 'วันสงกรานต์'),
    day('2025-04-14', 'Songkran Festival', 'วันสงกรานต์'),
    day('2025-04-15', 'Songkran Festival', 'วันสงกรานต์'),
    day('2025-05-01', 'National Labour Day', 'วันแรงงานแห่งชาติ'),
    day('2025-05-04', 'Coronation Day', 'วันฉัตรมงคล'),
    day('2025-05-05', 'Substitution for Coronation Day', 'วันหยุดชดเชยวันฉัตรมงคล'),
    day('2025-05-11', 'Visakha Bucha Day', 'วันวิสาขบูชา'),
    day('2025-05-12', 'Substitution for Visakha Bucha Day', 'วันหยุดชดเชยวันวิสาขบูชา'),
    day('2025-06-03', "Queen Suthida's Birthday", 'วันเฉลิมพระชนมพรรษาสมเด็จพระราชินี'),
    day('2025-07-10', 'Asanha Bucha Day', 'วันอาสาฬหบูชา'),
    day('2025-07-28', "King's Birthday", 'วันเฉลิมพระชนมพรรษาพระบาทสมเด็จพระเจ้าอยู่หัว'),
    day(
      '2025-08-12',
      "Queen Mother's Birthday and Mother's Day",
      'วันเฉลิมพระชนมพรรษาพระพันปีหลวง และวันแม่แห่งชาติ',
    ),
    day('2025-10-13', 'King Bhumibol Memorial Day', 'วันนวมินทรมหาราช'),
    day('2025-10-23', 'King Chulalongkorn Day', 'วันปิยมหาราช'),
    day(
      '2025-12-05',
      "King Bhumibol's Birthday, National Day and Father's Day",
      'วันคล้ายวันพระบรมราชสมภพ รัชกาลที่ 9 วันชาติ และวันพ่อแห่งชาติ',
    ),
    day('2025-12-10', 'Constitution Day', 'วันรัฐธรรมนูญ'),
    day('2025-12-31', "New Year's Eve", 'วันสิ้นปี'),
  ],
  2026: [
    day('2026-01-01', "New Year's Day", 'วันขึ้นปีใหม่'),
    day('2026-03-03', 'Makha Bucha Day', 'วันมาฆบูชา'),
    day('2026-04-06', 'Chakri Memorial Day', 'วันจักรี'),
    day('2026-04-13', 'Songkran Festival', 'วันสงกรานต์'),
    day('2026-04-14', 'Songkran Festival', 'วันสงกรานต์'),
    day('2026-04-15', 'Songkran Festival', 'วันสงกรานต์'),
    day('2026-05-01', 'National Labour Day', 'วันแรงงานแห่งชาติ'),
    day('2026-05-04', 'Coronation Day', 'วันฉัตรมงคล'),
    day('2026-05-31', 'Visakha Bucha Day', 'วันวิสาขบูชา'),
    day('2026-06-01', 'Substitution for Visakha Bucha Day', 'วันหยุดชดเชยวันวิสาขบูชา'),
    day('2026-06-03', "Queen Suthida's Birthday", 'วันเฉลิมพระชนมพรรษาสมเด็จพระราชินี'),
    day('2026-07-28', "King's Birthday", 'วันเฉลิมพระชนมพรรษาพระบาทสมเด็จพระเจ้าอยู่หัว'),
    day('2026-07-29', 'Asanha Bucha Day', 'วันอาสาฬหบูชา'),
    day(
      '2026-08-12',
      "Queen Mother's Birthday and Mother's Day",
      'วันเฉลิมพระชนมพรรษาพระพันปีหลวง และวันแม่แห่งชาติ',
    ),
    day('2026-10-13', 'King Bhumibol Memorial Day', 'วันนวมินทรมหาราช'),
    day('2026-10-23', 'King Chulalongkorn Day', 'วันปิยมหาราช'),
    day(
      '2026-12-05',
      "King Bhumibol's Birthday, National Day and Father's Day",
      'วันคล้ายวันพระบรมราชสมภพ รัชกาลที่ 9 วันชาติ และวันพ่อแห่งชาติ',
    ),
    day(
      '2026-12-07',
      "Substitution for King Bhumibol's Birthday",
      'วันหยุดชดเชยวันคล้ายวันพระบรมราชสมภพ รัชกาลที่ 9',
    ),
    day('2026-12-10', 'Constitution Day', 'วันรัฐธรรมนูญ'),
    day('2026-12-31', "New Year's Eve", 'วันสิ้นปี'),
  ],
};
