/**
 * A CBP New York ruling letter as a broker pastes it whole: subject line, salutation, the request's
 * history, the goods, the legal reasoning, the holding and the closing (written in the letters' own
 * form; the goods are a women's cotton knit pullover).
 */
export const wholeRuling = [
  'N312345',
  'March 3, 2025',
  'CLA-2-61:OT:RR:NC:N3:358',
  'CATEGORY: Classification',
  'TARIFF NO.: 6110.20.2079',
  'Ms. Jane Doe',
  'Example Apparel Inc.',
  '100 Main Street',
  'New York, NY 10001',
  'RE: The tariff classification of a women’s pullover from China',
  'Dear Ms. Doe:',
  'In your letter dated January 15, 2025, you requested a tariff classification ruling. Your sample will be returned as requested.',
  'Style 4471 is a women’s pullover constructed from 100 percent cotton knit fabric that measures more than nine stitches per two centimeters in the horizontal direction. The garment features a crew neckline, long hemmed sleeves and a straight hemmed bottom. The pullover reaches to below the waist.',
  'In your submission you suggest classification under subheading 6106.10.0010, Harmonized Tariff Schedule of the United States (HTSUS), which provides for women’s or girls’ blouses and shirts, knitted or crocheted, of cotton. We disagree. The garment does not have a front opening and is not a blouse or shirt within the meaning of heading 6106, HTSUS. Classification under the HTSUS is made in accordance with the General Rules of Interpretation (GRIs). GRI 1 provides that the classification of goods shall be determined according to the terms of the headings of the tariff schedule and any relative section or chapter notes. The Explanatory Notes (ENs) to heading 6110, HTSUS, provide guidance.',
  'The applicable subheading for Style 4471 will be 6110.20.2079, HTSUS, which provides for sweaters, pullovers, sweatshirts, waistcoats (vests) and similar articles, knitted or crocheted: of cotton: other: other: women’s or girls’. The rate of duty will be 16.5 percent ad valorem.',
  'Duty rates are provided for your convenience and are subject to change. The text of the most recent HTSUS and the accompanying duty rates are provided on the World Wide Web at https://hts.usitc.gov/current.',
  'This ruling is being issued under the provisions of Part 177 of the Customs and Border Protection Regulations (19 C.F.R. 177). A copy of the ruling or the control number indicated above should be provided with the entry documents filed at the time this merchandise is imported. If you have any questions regarding the ruling, contact National Import Specialist John Smith at john.smith@cbp.dhs.gov.',
  'Sincerely,',
  'Steven A. Mack',
  'Director',
  'National Commodity Specialist Division',
].join('\n');
