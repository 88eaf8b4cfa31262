/**
 * The titles of the chapters of the Harmonized System (01–97), as the schedule publishes them
 * above each chapter. The HTS export carries the headings and lines but not these titles, and
 * some splits are written only there: chapter 61 is "knitted or crocheted" and chapter 62 "not
 * knitted or crocheted" although their headings read alike; chapter 73 is of iron or steel,
 * chapter 39 of plastics. The search reads them as the top row of every line's path.
 */
export const chapterTitles: Readonly<Record<string, string>> = {
  '01': 'Live animals',
  '02': 'Meat and edible meat offal',
  '03': 'Fish and crustaceans, molluscs and other aquatic invertebrates',
  '04': "Dairy produce; birds' eggs; natural honey; edible products of animal origin, not elsewhere specified or included",
  '05': 'Products of animal origin, not elsewhere specified or included',
  '06': 'Live trees and other plants; bulbs, roots and the like; cut flowers and ornamental foliage',
  '07': 'Edible vegetables and certain roots and tubers',
  '08': 'Edible fruit and nuts; peel of citrus fruit or melons',
  '09': 'Coffee, tea, maté and spices',
  '10': 'Cereals',
  '11': 'Products of the milling industry; malt; starches; inulin; wheat gluten',
  '12': 'Oil seeds and oleaginous fruits; miscellaneous grains, seeds and fruit; industrial or medicinal plants; straw and fodder',
  '13': 'Lac; gums, resins and other vegetable saps and extracts',
  '14': 'Vegetable plaiting materials; vegetable products not elsewhere specified or included',
  '15': 'Animal, vegetable or microbial fats and oils and their cleavage products; prepared edible fats; animal or vegetable waxes',
  '16': 'Preparations of meat, of fish, of crustaceans, molluscs or other aquatic invertebrates, or of insects',
  '17': 'Sugars and sugar confectionery',
  '18': 'Cocoa and cocoa preparations',
  '19': "Preparations of cereals, flour, starch or milk; pastrycooks' products",
  '20': 'Preparations of vegetables, fruit, nuts or other parts of plants',
  '21': 'Miscellaneous edible preparations',
  '22': 'Beverages, spirits and vinegar',
  '23': 'Residues and waste from the food industries; prepared animal fodder',
  '24': 'Tobacco and manufactured tobacco substitutes; nicotine products intended for inhalation without combustion',
  '25': 'Salt; sulfur; earths and stone; plastering materials, lime and cement',
  '26': 'Ores, slag and ash',
  '27': 'Mineral fuels, mineral oils and products of their distillation; bituminous substances; mineral waxes',
  '28': 'Inorganic chemicals; organic or inorganic compounds of precious metals, of rare-earth metals, of radioactive elements or of isotopes',
  '29': 'Organic chemicals',
  '30': 'Pharmaceutical products',
  '31': 'Fertilizers',
  '32': 'Tanning or dyeing extracts; tannins and their derivatives; dyes, pigments and other coloring matter; paints and varnishes; putty and other mastics; inks',
  '33': 'Essential oils and resinoids; perfumery, cosmetic or toilet preparations',
  '34': 'Soap, organic surface-active agents, washing preparations, lubricating preparations, artificial waxes, prepared waxes, polishing or scouring preparations, candles and similar articles, modeling pastes, dental waxes and dental preparations with a basis of plaster',
  '35': 'Albuminoidal substances; modified starches; glues; enzymes',
  '36': 'Explosives; pyrotechnic products; matches; pyrophoric alloys; certain combustible preparations',
  '37': 'Photographic or cinematographic goods',
  '38': 'Miscellaneous chemical products',
  '39': 'Plastics and articles thereof',
  '40': 'Rubber and articles thereof',
  '41': 'Raw hides and skins (other than furskins) and leather',
  '42': 'Articles of leather; saddlery and harness; travel goods, handbags and similar containers; articles of animal gut',
  '43': 'Furskins and artificial fur; manufactures thereof',
  '44': 'Wood and articles of wood; wood charcoal',
  '45': 'Cork and articles of cork',
  '46': 'Manufactures of straw, of esparto or of other plaiting materials; basketware and wickerwork',
  '47': 'Pulp of wood or of other fibrous cellulosic material; recovered (waste and scrap) paper or paperboard',
  '48': 'Paper and paperboard; articles of paper pulp, of paper or of paperboard',
  '49': 'Printed books, newspapers, pictures and other products of the printing industry; manuscripts, typescripts and plans',
  '50': 'Silk',
  '51': 'Wool, fine or coarse animal hair; horsehair yarn and woven fabric',
  '52': 'Cotton',
  '53': 'Other vegetable textile fibers; paper yarn and woven fabrics of paper yarn',
  '54': 'Man-made filaments; strip and the like of man-made textile materials',
  '55': 'Man-made staple fibers',
  '56': 'Wadding, felt and nonwovens; special yarns; twine, cordage, ropes and cables and articles thereof',
  '57': 'Carpets and other textile floor coverings',
  '58': 'Special woven fabrics; tufted textile fabrics; lace; tapestries; trimmings; embroidery',
  '59': 'Impregnated, coated, covered or laminated textile fabrics; textile articles of a kind suitable for industrial use',
  '60': 'Knitted or crocheted fabrics',
  '61': 'Articles of apparel and clothing accessories, knitted or crocheted',
  '62': 'Articles of apparel and clothing accessories, not knitted or crocheted',
  '63': 'Other made up textile articles; sets; worn clothing and worn textile articles; rags',
  '64': 'Footwear, gaiters and the like; parts of such articles',
  '65': 'Headgear and parts thereof',
  '66': 'Umbrellas, sun umbrellas, walking sticks, seat-sticks, whips, riding-crops and parts thereof',
  '67': 'Prepared feathers and down and articles made of feathers or of down; artificial flowers; articles of human hair',
  '68': 'Articles of stone, plaster, cement, asbestos, mica or similar materials',
  '69': 'Ceramic products',
  '70': 'Glass and glassware',
  '71': 'Natural or cultured pearls, precious or semi-precious stones, precious metals, metals clad with precious metal, and articles thereof; imitation jewelry; coin',
  '72': 'Iron and steel',
  '73': 'Articles of iron or steel',
  '74': 'Copper and articles thereof',
  '75': 'Nickel and articles thereof',
  '76': 'Aluminum and articles thereof',
  '78': 'Lead and articles thereof',
  '79': 'Zinc and articles thereof',
  '80': 'Tin and articles thereof',
  '81': 'Other base metals; cermets; articles thereof',
  '82': 'Tools, implements, cutlery, spoons and forks, of base metal; parts thereof of base metal',
  '83': 'Miscellaneous articles of base metal',
  '84': 'Nuclear reactors, boilers, machinery and mechanical appliances; parts thereof',
  '85': 'Electrical machinery and equipment and parts thereof; sound recorders and reproducers, television image and sound recorders and reproducers, and parts and accessories of such articles',
  '86': 'Railway or tramway locomotives, rolling stock and parts thereof; railway or tramway track fixtures and fittings and parts thereof; mechanical traffic signaling equipment of all kinds',
  '87': 'Vehicles other than railway or tramway rolling stock, and parts and accessories thereof',
  '88': 'Aircraft, spacecraft, and parts thereof',
  '89': 'Ships, boats and floating structures',
  '90': 'Optical, photographic, cinematographic, measuring, checking, precision, medical or surgical instruments and apparatus; parts and accessories thereof',
  '91': 'Clocks and watches and parts thereof',
  '92': 'Musical instruments; parts and accessories of such articles',
  '93': 'Arms and ammunition; parts and accessories thereof',
  '94': 'Furniture; bedding, mattresses, mattress supports, cushions and similar stuffed furnishings; luminaires and lighting fittings, not elsewhere specified or included; illuminated signs, illuminated nameplates and the like; prefabricated buildings',
  '95': 'Toys, games and sports requisites; parts and accessories thereof',
  '96': 'Miscellaneous manufactured articles',
  '97': "Works of art, collectors' pieces and antiques",
};

/**
 * The sections of the Harmonized System, each over a run of chapters. Some say what a chapter
 * title leaves unsaid: chapters 61 and 62 are textile articles because section XI is
 * "Textiles and textile articles". Read as the row above the chapter title.
 */
export const sectionTitles: ReadonlyArray<{ chapters: readonly [number, number]; title: string }> = [
  { chapters: [1, 5], title: 'Live animals; animal products' },
  { chapters: [6, 14], title: 'Vegetable products' },
  {
    chapters: [15, 15],
    title:
      'Animal, vegetable or microbial fats and oils and their cleavage products; prepared edible fats; animal or vegetable waxes',
  },
  {
    chapters: [16, 24],
    title: 'Prepared foodstuffs; beverages, spirits and vinegar; tobacco and manufactured tobacco substitutes',
  },
  { chapters: [25, 27], title: 'Mineral products' },
  { chapters: [28, 38], title: 'Products of the chemical or allied industries' },
  { chapters: [39, 40], title: 'Plastics and articles thereof; rubber and articles thereof' },
  {
    chapters: [41, 43],
    title:
      'Raw hides and skins, leather, furskins and articles thereof; saddlery and harness; travel goods, handbags and similar containers',
  },
  {
    chapters: [44, 46],
    title:
      'Wood and articles of wood; wood charcoal; cork and articles of cork; manufactures of straw; basketware and wickerwork',
  },
  {
    chapters: [47, 49],
    title: 'Pulp of wood; recovered paper or paperboard; paper and paperboard and articles thereof',
  },
  { chapters: [50, 63], title: 'Textiles and textile articles' },
  {
    chapters: [64, 67],
    title:
      'Footwear, headgear, umbrellas, sun umbrellas, walking sticks, seat-sticks, whips, riding-crops and parts thereof; prepared feathers; artificial flowers; articles of human hair',
  },
  {
    chapters: [68, 70],
    title:
      'Articles of stone, plaster, cement, asbestos, mica or similar materials; ceramic products; glass and glassware',
  },
  {
    chapters: [71, 71],
    title:
      'Natural or cultured pearls, precious or semi-precious stones, precious metals, metals clad with precious metal, and articles thereof; imitation jewelry; coin',
  },
  { chapters: [72, 83], title: 'Base metals and articles of base metal' },
  {
    chapters: [84, 85],
    title:
      'Machinery and mechanical appliances; electrical equipment; sound recorders and reproducers, television image and sound recorders and reproducers',
  },
  { chapters: [86, 89], title: 'Vehicles, aircraft, vessels and associated transport equipment' },
  {
    chapters: [90, 92],
    title:
      'Optical, photographic, cinematographic, measuring, checking, precision, medical or surgical instruments and apparatus; clocks and watches; musical instruments',
  },
  { chapters: [93, 93], title: 'Arms and ammunition' },
  { chapters: [94, 96], title: 'Miscellaneous manufactured articles' },
  { chapters: [97, 97], title: "Works of art, collectors' pieces and antiques" },
];
