import { createCanvas } from './canvas.mjs';

const NAMES = [
  'Acme Robotics Inc.',
  'Brightpath Health Ltd',
  'Cobalt Freight LLC',
  'Delta Orchard Farms',
  'Evergreen Dental Group',
  'Fjord Analytics AS',
  'Granite Peak Brewing Co.',
  'Helios Solar Partners',
];
const PEOPLE = ['Jane Miller', 'Omar Haddad', 'Li Wei', 'Sofia Rossi', 'David Okafor', 'Anna Schmidt', 'Carlos Mendes', 'Priya Nair'];
const money = (random, min, max) => `$${(random.int(min, max) * 1000).toLocaleString('en-US')}`;
const date = (random) => `${random.int(1, 12)}/${random.int(1, 28)}/${random.int(2021, 2025)}`;

async function prose(random, title, paragraphs, { heading = true } = {}) {
  const canvas = await createCanvas(random);
  canvas.newPage();
  const size = random.pick([9.5, 10, 10.5, 11]);
  const x = random.int(50, 72);
  if (heading) canvas.line(title, x, size + 4, size * 2.2, { isBold: true });
  for (const paragraph of paragraphs) {
    if (paragraph.startsWith('## ')) canvas.line(paragraph.slice(3), x, size + 1, size * 1.8, { isBold: true });
    else canvas.paragraph(paragraph, x, size, canvas.width - 2 * x);
    canvas.y -= size * 0.6;
  }
  return canvas;
}

export async function legalAgreement(random) {
  const [a, b] = random.shuffle(NAMES);
  const kind = random.pick([
    'Loan Agreement',
    'Master Services Agreement',
    'Security Agreement',
    'Guaranty Agreement',
    'Non-Disclosure Agreement',
    'Asset Purchase Agreement',
    'Lease Agreement',
  ]);
  const clauses = random
    .shuffle([
      [
        'Governing Law',
        `This Agreement shall be governed by and construed in accordance with the laws of the State of ${random.pick(['New York', 'Delaware', 'California'])}, without regard to its conflict of laws principles.`,
      ],
      [
        'Indemnification',
        'Each party shall indemnify, defend and hold harmless the other party from and against any and all losses, damages and expenses arising out of any breach of its obligations hereunder.',
      ],
      [
        'Termination',
        `Either party may terminate this Agreement upon ${random.int(15, 90)} days' prior written notice to the other party, or immediately upon a material breach that remains uncured.`,
      ],
      [
        'Notices',
        'All notices hereunder shall be in writing and shall be deemed given when delivered personally or sent by certified mail to the addresses set forth above.',
      ],
      [
        'Entire Agreement',
        'This Agreement constitutes the entire agreement between the parties with respect to its subject matter and supersedes all prior understandings, whether written or oral.',
      ],
      [
        'Severability',
        'If any provision of this Agreement is held invalid or unenforceable, the remaining provisions shall continue in full force and effect.',
      ],
      [
        'Confidentiality',
        'The Receiving Party shall hold the Confidential Information in strict confidence and shall not disclose it to any third party without the prior written consent of the Disclosing Party.',
      ],
      ['Representations and Warranties', 'Each party represents and warrants that it has full power and authority to enter into and perform this Agreement.'],
    ])
    .slice(0, random.int(4, 8));
  const paragraphs = [
    random.pick([
      `This ${kind} (the "Agreement") is made and entered into as of ${date(random)} by and between ${a} ("${random.pick(['Lender', 'Company', 'Seller', 'Landlord'])}") and ${b} ("${random.pick(['Borrower', 'Client', 'Buyer', 'Tenant'])}").`,
      `THIS ${kind.toUpperCase()} is dated ${date(random)} between ${a} and ${b} (together, the "Parties").`,
    ]),
    random.pick([
      'WHEREAS, the parties wish to set forth the terms and conditions under which they will do business; and',
      'RECITALS: The Parties desire to record the terms on which they have agreed to cooperate.',
    ]),
    'NOW, THEREFORE, in consideration of the mutual covenants contained herein, the parties agree as follows:',
    ...clauses.flatMap(([heading, text], index) => [`## ${index + 1}. ${heading}`, text]),
    random.pick([
      'IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.',
      'Signed by the duly authorised representatives of the Parties.',
    ]),
    `By: ${random.pick(PEOPLE)}    By: ${random.pick(PEOPLE)}`,
  ];
  const canvas = await prose(random, kind.toUpperCase(), paragraphs);
  return { bytes: await canvas.save(), label: { documentType: 'legal_agreement', facts: [] } };
}

export async function termSheet(random) {
  const company = random.pick(NAMES);
  const equity = random.chance(0.6);
  const title = random.pick(
    equity
      ? ['Term Sheet', `Series ${random.pick(['Seed', 'A', 'B'])} Preferred Stock Financing - Summary of Terms`, 'Summary of Principal Terms']
      : ['Indicative Term Sheet', 'Senior Secured Credit Facility - Summary of Terms', 'Term Sheet: Revolving Credit Facility'],
  );
  const terms = equity
    ? [
        ['Issuer', company],
        ['Investors', `${random.pick(['Northstar Ventures', 'Blue Harbor Capital', 'Summit Growth'])} and other investors`],
        ['Amount of Financing', money(random, 1000, 20000)],
        ['Pre-Money Valuation', money(random, 5000, 80000)],
        ['Price Per Share', `$${(random.next() * 3 + 0.5).toFixed(4)}`],
        ['Liquidation Preference', '1x non-participating'],
        ['Anti-dilution', 'Broad-based weighted average'],
        ['Board Composition', 'Two common directors, one investor director'],
        ['Protective Provisions', 'Consent of the majority of Preferred required for listed actions'],
        ['Option Pool', `${random.int(8, 15)}% of the post-money fully diluted capitalization`],
        ['Closing', `On or about ${date(random)}`],
      ]
    : [
        ['Borrower', company],
        ['Lender', random.pick(['First Harbor Bank, N.A.', 'Granite Credit Partners'])],
        ['Facility Amount', money(random, 500, 50000)],
        ['Maturity Date', `${random.int(3, 7)} years from closing`],
        ['Interest Margin', `SOFR + ${random.int(150, 550)} bps`],
        ['Arrangement Fee', `${(random.next() * 2).toFixed(2)}% of the Facility Amount`],
        ['Financial Covenants', `Leverage below ${random.int(2, 5)}.0x; DSCR above 1.25x`],
        ['Security', 'First-ranking security over all assets'],
        ['Availability Period', `${random.int(6, 24)} months`],
      ];
  const canvas = await createCanvas(random);
  canvas.newPage();
  const size = random.pick([9, 10, 11]);
  const x = random.int(50, 72);
  canvas.line(title, x, size + 4, size * 2.4, { isBold: true });
  if (random.chance(0.7))
    canvas.paragraph(
      random.pick([
        'This term sheet is non-binding and is not a commitment to lend or invest, except for the provisions on confidentiality and governing law.',
        'The following is a summary of the principal terms of the proposed financing. This summary is for discussion purposes only.',
      ]),
      x,
      size - 1,
      canvas.width - 2 * x,
    );
  canvas.y -= size;
  const valueX = x + random.int(130, 190);
  for (const [term, value] of random.chance(0.3) ? random.shuffle(terms) : terms) {
    canvas.text(random.chance(0.5) ? `${term}:` : term, x, size, { isBold: true });
    canvas.paragraph(value, valueX, size, canvas.width - valueX - x);
    canvas.y -= size * 0.5;
  }
  return { bytes: await canvas.save(), label: { documentType: 'term_sheet', facts: [] } };
}

export async function capTable(random) {
  const company = random.pick(NAMES);
  const canvas = await createCanvas(random, { landscape: random.chance(0.4) });
  canvas.newPage();
  const size = random.pick([8, 9, 10]);
  const x = random.int(36, 60);
  canvas.line(`${company}`, x, size + 4, size * 2, { isBold: true });
  canvas.line(
    random.pick(['Capitalization Table', 'Cap Table (fully diluted)', 'Pro Forma Capitalization Table', 'Shareholder Register and Ownership Summary']),
    x,
    size + 2,
    size * 2,
    { isBold: true },
  );
  canvas.line(`As of ${date(random)}`, x, size, size * 2);
  const headers = random.pick([
    ['Shareholder', 'Class', 'Shares', '% Ownership'],
    ['Holder', 'Security', 'Shares Held', 'Fully Diluted %'],
    ['Name', 'Share class', 'Number of shares', '% of total'],
  ]);
  const columns = [x, x + 170, x + 290, x + 400];
  headers.forEach((header, index) => canvas.text(header, columns[index] + (index >= 2 ? 80 : 0), size, { isBold: true, align: index >= 2 ? 'right' : 'left' }));
  canvas.y -= size * 1.8;
  const holders = [
    ...random
      .shuffle(PEOPLE)
      .slice(0, random.int(2, 5))
      .map((name) => [name, random.pick(['Common Stock', 'Ordinary Shares'])]),
    ...['Northstar Ventures', 'Blue Harbor Capital']
      .slice(0, random.int(1, 2))
      .map((name) => [name, random.pick(['Series A Preferred', 'Series Seed Preferred'])]),
    ['Option Pool (unallocated)', 'Options'],
  ];
  const shares = holders.map(() => random.int(100, 5000) * 1000);
  const total = shares.reduce((a, b) => a + b, 0);
  holders.forEach(([name, cls], index) => {
    canvas.text(name, columns[0], size);
    canvas.text(cls, columns[1], size);
    canvas.text(shares[index].toLocaleString('en-US'), columns[2] + 80, size, { align: 'right' });
    canvas.text(`${((shares[index] / total) * 100).toFixed(2)}%`, columns[3] + 80, size, { align: 'right' });
    canvas.y -= size * 1.6;
  });
  canvas.text('Total', columns[0], size, { isBold: true });
  canvas.text(total.toLocaleString('en-US'), columns[2] + 80, size, { align: 'right', isBold: true });
  canvas.text('100.00%', columns[3] + 80, size, { align: 'right', isBold: true });
  return { bytes: await canvas.save(), label: { documentType: 'cap_table', facts: [] } };
}

export async function pitchDeck(random) {
  const company = random.pick(NAMES).replace(/,? (Inc\.|Ltd|LLC|Co\.|AS|Group|Partners)$/, '');
  const canvas = await createCanvas(random, { landscape: true });
  // The company's own metrics: the claims a deck makes (labels), unlike market sizes and retention.
  const arr = random.int(300, 9000) * 1000;
  const growth = random.int(5, 25);
  const customers = random.int(20, 400);
  const raise = random.int(1000, 15000) * 1000;
  const claimsOf = {
    traction: [
      { metric: 'arr', value: arr },
      { metric: 'growth', value: growth },
      { metric: 'customers', value: customers },
    ],
    ask: [
      { metric: 'raise', value: raise },
      { metric: 'runway', value: 18 },
    ],
  };
  const slides = [
    [company, [random.pick(['Investor Presentation', 'Seed Round Pitch Deck', 'Series A Investor Deck', 'Confidential'])]],
    ...random
      .shuffle([
        [random.pick(['The Problem', 'Problem']), ['Small clinics lose 20% of revenue to billing errors', 'Manual processes, no visibility']],
        [random.pick(['Our Solution', 'Solution']), ['Automated claims in one click', 'Integrates with existing systems']],
        [
          random.pick(['Market Opportunity', 'Market Size']),
          [`TAM ${money(random, 1000000, 9000000)}`, `SAM ${money(random, 100000, 900000)}`, 'Growing 14% a year'],
        ],
        [
          random.pick(['Traction', 'Momentum']),
          [`ARR $${arr.toLocaleString('en-US')}`, `${growth}% month-over-month growth`, `${customers} paying customers`],
          'traction',
        ],
        [random.pick(['Business Model', 'How we make money']), ['SaaS subscription per seat', 'Net revenue retention 125%']],
        [random.pick(['Competition', 'Competitive Landscape']), ['Legacy vendors are slow and expensive', 'We win on speed and price']],
        [
          random.pick(['Team', 'The Team']),
          random
            .shuffle(PEOPLE)
            .slice(0, 3)
            .map((person) => `${person}, ${random.pick(['CEO', 'CTO', 'COO', 'VP Sales'])}`),
        ],
        [random.pick(['The Ask', 'Use of Funds']), [`Raising $${raise.toLocaleString('en-US')}`, '18 months of runway', 'Hire engineering and sales'], 'ask'],
      ])
      .slice(0, random.int(4, 8)),
  ];
  const claims = slides.flatMap(([, , kind]) => claimsOf[kind] ?? []);
  for (const [title, bullets] of slides) {
    canvas.newPage();
    canvas.y = canvas.height - random.int(60, 110);
    const titleSize = random.int(26, 40);
    canvas.line(title, random.int(40, 80), titleSize, titleSize * 1.8, { isBold: true });
    const bulletSize = random.int(16, 22);
    for (const bullet of bullets) canvas.line(`${random.pick(['•', '-', ''])} ${bullet}`.trim(), random.int(60, 100), bulletSize, bulletSize * 1.7);
  }
  return { bytes: await canvas.save(), label: { documentType: 'pitch_deck', facts: [], claims } };
}

export async function bankStatement(random) {
  const canvas = await createCanvas(random);
  canvas.newPage();
  const size = random.pick([8, 8.5, 9]);
  const x = random.int(36, 60);
  canvas.line(random.pick(['First Harbor Bank', 'Granite State Bank', 'Metro Commerce Bank']), x, size + 6, size * 2.2, { isBold: true });
  canvas.line(random.pick(['Business Checking Account Statement', 'Statement of Account', 'Account Statement']), x, size + 2, size * 2, { isBold: true });
  canvas.line(`${random.pick(['Account Number', 'Account No.'])}: ****${random.int(1000, 9999)}`, x, size, size * 1.6);
  canvas.line(
    `${random.pick(['Statement Period', 'Statement period', 'Period covered'])}: ${random.int(1, 12)}/01/2025 - ${random.int(1, 12)}/28/2025`,
    x,
    size,
    size * 1.6,
  );
  canvas.line(random.pick(['Customer', 'Account holder']) + `: ${random.pick(NAMES)}`, x, size, size * 2);
  let balance = random.int(5000, 90000);
  canvas.line(
    `${random.pick(['Opening balance', 'Beginning balance', 'Previous balance'])} ${balance.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    x,
    size,
    size * 2,
  );
  const cols = [x, x + 60, x + 330, x + 400, x + 480];
  ['Date', 'Description', random.pick(['Withdrawals', 'Debits', 'Money out']), random.pick(['Deposits', 'Credits', 'Money in']), 'Balance'].forEach(
    (header, index) => canvas.text(header, cols[index] + (index >= 2 ? 50 : 0), size, { isBold: true, align: index >= 2 ? 'right' : 'left' }),
  );
  canvas.y -= size * 1.8;
  const month = random.int(1, 12);
  for (let day = 1; day <= 28; day += random.int(1, 3)) {
    const deposit = random.chance(0.4);
    const amount = random.int(20, 9000) + random.int(0, 99) / 100;
    balance += deposit ? amount : -amount;
    canvas.text(
      random.pick([
        `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}`,
        `${day} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1]}`,
      ]),
      cols[0],
      size,
    );
    canvas.text(
      random.pick([
        'ACH PAYMENT PAYROLL',
        'CARD PURCHASE OFFICE DEPOT',
        'WIRE TRANSFER IN',
        'MOBILE DEPOSIT',
        'UTILITY PAYMENT',
        'CUSTOMER PAYMENT INV-' + random.int(100, 999),
      ]),
      cols[1],
      size,
    );
    canvas.text(amount.toLocaleString('en-US', { minimumFractionDigits: 2 }), cols[deposit ? 3 : 2] + 50, size, { align: 'right' });
    canvas.text(balance.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }), cols[4] + 50, size, { align: 'right' });
    canvas.y -= size * 1.6;
  }
  canvas.y -= size;
  canvas.line(
    `${random.pick(['Closing balance', 'Ending balance', 'New balance'])} ${balance.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    x,
    size,
    size * 2,
    { isBold: true },
  );
  return { bytes: await canvas.save(), label: { documentType: 'bank_statement', facts: [] } };
}

async function formPage(random, title, subtitle, fields) {
  const canvas = await createCanvas(random);
  canvas.newPage();
  const size = random.pick([8.5, 9, 10]);
  const x = random.int(40, 60);
  canvas.line(title, x, size + 5, size * 2.2, { isBold: true });
  if (subtitle) canvas.line(subtitle, x, size, size * 2);
  const blank = random.pick(['____________________', '', '[ ]']);
  for (const field of fields) {
    if (typeof field === 'string' && field.startsWith('## ')) {
      canvas.y -= size * 0.5;
      canvas.line(field.slice(3), x, size + 1, size * 1.9, { isBold: true });
    } else if (Array.isArray(field)) {
      canvas.text(field[0], x, size);
      canvas.text(field[1], x + 330, size, { align: 'left' });
      canvas.y -= size * 1.8;
    } else canvas.line(`${field}: ${blank}`.trim(), x, size, size * 1.9);
  }
  return canvas;
}

export async function loanApplication(random) {
  const fields = [
    '## ' + random.pick(['Section 1: Business Information', 'Applicant Information', 'Borrower Information']),
    'Legal business name',
    'DBA',
    random.pick(['Employer identification number (EIN)', 'Tax ID']),
    'Business address',
    random.pick(['Years in business', 'Date business established']),
    'Number of employees',
    '## ' + random.pick(['Section 2: Loan Request', 'Loan Request', 'Financing Requested']),
    random.pick(['Amount requested', 'Requested loan amount', 'Loan amount requested']),
    random.pick(['Purpose of loan', 'Use of proceeds']),
    'Collateral offered',
    'Term requested (months)',
    '## ' + random.pick(['Section 3: Owners and Guarantors', 'Principal Owners', 'Guarantors']),
    'Owner name',
    '% ownership',
    random.pick(['Social Security Number', 'Date of birth']),
    'Home address',
    '## Declarations',
    random.pick(['Has the applicant ever filed for bankruptcy? Yes / No', 'Is the applicant party to any lawsuit? Yes / No']),
    random.pick(['Signature of applicant', 'Applicant signature', 'Authorized signature']),
    'Date',
  ];
  const canvas = await formPage(
    random,
    random.pick(['Business Loan Application', 'Small Business Loan Application', 'Commercial Credit Application', 'Application for Business Credit']),
    random.pick([`${random.pick(['First Harbor Bank', 'Granite Credit Union'])} - please complete all sections`, null]),
    fields,
  );
  return { bytes: await canvas.save(), label: { documentType: 'loan_application', facts: [] } };
}

export async function taxReturn(random) {
  const corporate = random.chance(0.6);
  const number = corporate ? random.pick(['1120', '1120-S', '1065']) : '1040';
  const title = {
    1120: 'U.S. Corporation Income Tax Return',
    '1120-S': 'U.S. Income Tax Return for an S Corporation',
    1065: 'U.S. Return of Partnership Income',
    1040: 'U.S. Individual Income Tax Return',
  }[number];
  const year = random.int(2019, 2024);
  const lines = corporate
    ? [
        ['1a Gross receipts or sales', '1a'],
        ['2 Cost of goods sold', '2'],
        ['3 Gross profit', '3'],
        ['11 Total income', '11'],
        ['12 Compensation of officers', '12'],
        ['13 Salaries and wages', '13'],
        ['20 Depreciation', '20'],
        ['27 Total deductions', '27'],
        ['28 Taxable income before NOL deduction', '28'],
        ['31 Total tax', '31'],
        ['35 Amount owed', '35'],
      ]
    : [
        ['1a Wages, salaries, tips', '1a'],
        ['2b Taxable interest', '2b'],
        ['9 Total income', '9'],
        ['11 Adjusted gross income', '11'],
        ['15 Taxable income', '15'],
        ['24 Total tax', '24'],
        ['33 Total payments', '33'],
        ['37 Amount you owe', '37'],
      ];
  const fields = [
    [`Form ${number}`, `Tax year ${year}`],
    ['Department of the Treasury', 'Internal Revenue Service'],
    ['Name', random.pick(NAMES)],
    [random.pick(['Employer identification number', 'Identifying number']), `${random.int(10, 99)}-${random.int(1000000, 9999999)}`],
    '## ' + random.pick(['Income', 'Income and Deductions']),
    ...lines.map(([text]) => [text, (random.int(1, 9000) * 100).toLocaleString('en-US')]),
    '## Sign Here',
    random.pick(['Signature of officer', 'Your signature']),
    'Date',
    'Preparer',
  ];
  const canvas = await formPage(random, `Form ${number}  ${title}`, random.pick([`For calendar year ${year} or tax year beginning`, null]), fields);
  return { bytes: await canvas.save(), label: { documentType: 'tax_return', facts: [] } };
}

export async function otherDocument(random) {
  const variant = random.int(0, 2);
  const paragraphs = [
    [
      `Minutes of the ${random.pick(['monthly', 'quarterly'])} operations meeting held on ${date(random)}. Present: ${random.shuffle(PEOPLE).slice(0, 3).join(', ')}.`,
      '## Discussion',
      'The team reviewed the warehouse move, the hiring plan for the spring and the new customer support tooling. Two vendors presented demos.',
      '## Action items',
      'Schedule the fire safety inspection. Circulate the draft holiday rota. Book the offsite venue.',
    ],
    [
      `${random.pick(PEOPLE)} - Curriculum Vitae`,
      '## Experience',
      `Head of Operations at ${random.pick(NAMES)} (2018 to present): led a team of 40 across three sites.`,
      '## Education',
      'MSc Operations Research, University of Leeds.',
      '## Skills',
      'Process design, procurement, team leadership, Spanish.',
    ],
    [
      `Product brochure: ${random.pick(['SmartShelf', 'FleetView', 'ClinicFlow'])}`,
      'Designed for busy teams, our product brings every order, shipment and invoice into one simple screen.',
      '## Features',
      'Real-time alerts. Mobile app. Works offline. Role-based access for every team member.',
      '## Contact',
      'Call our sales team or visit our website to book a demo.',
    ],
  ][variant];
  const canvas = await prose(random, paragraphs[0], paragraphs.slice(1));
  return { bytes: await canvas.save(), label: { documentType: 'other', facts: [] } };
}
