import type { ArticleSeed } from './article.ts';

/** Entertainment, Law & Justice, Crime, Astrology and Spiritual stories. All fictional. */
export const ARTICLES_B: ArticleSeed[] = [
  {
    category: 'Entertainment',
    sub: 'Movies',
    title: 'Open Animation Festival Returns to Northvale With a Week of Free Screenings',
    summary:
      'The open animation festival returns with a week of free screenings of openly licensed short films and workshops.',
    alt: 'Abstract stage lights graphic for a film festival',
    tags: ['animation', 'festival', 'film'],
    length: 'long',
    video: 'aqz-KE-bpKQ',
    paragraphs: [
      'The Northvale Open Animation Festival returns next week with seven days of free screenings in the old town hall, focused on short films released under open licences that allow anyone to share and remix them.',
      'Alongside the screenings, volunteers will run beginner workshops in storyboarding, 3D modelling and sound design. Organisers say last year’s workshops were fully booked within a day, so this year they have doubled the number of sessions.',
      'The opening night features a programme of classic open shorts, including the one embedded below.',
    ],
    points: [
      'Screenings are free; workshops need advance registration.',
      'All films are suitable for family audiences unless marked otherwise.',
      'The closing night includes an open-air screening on the town hall lawn.',
    ],
  },
  {
    category: 'Entertainment',
    sub: 'Movies',
    title: 'Watch: Festival Opens With a Fantasy Short',
    summary:
      'The open animation festival opened with a fantasy short about a young woman searching for a lost dragon.',
    alt: 'Video of the festival opening film',
    tags: ['animation', 'video'],
    length: 'short',
    video: 'eRsGyueVLvQ',
    image: false,
    paragraphs: [
      'The Northvale Open Animation Festival opened on Saturday evening with a screening of a fantasy short about a young woman who travels across a harsh landscape in search of a baby dragon she once rescued.',
      'The film was made by a small team and released under an open licence. Watch it in full above; the festival continues all week with free screenings.',
    ],
  },
  {
    category: 'Entertainment',
    sub: 'Music',
    title: 'Folk Revival Band Announces Ten-Town Tour',
    summary:
      'The folk revival band Riverstone will play ten small towns this winter, many of which rarely host live music.',
    alt: 'Abstract graphic for a music tour story',
    tags: ['music', 'tour'],
    length: 'medium',
    paragraphs: [
      'Riverstone, the folk revival band whose second album topped regional streaming charts this summer, will play ten small towns across the state this winter, most of them places without a regular live music venue.',
      'The band will perform in school halls, community centres and, in one case, a restored railway goods shed. Each show will open with a set by a local musician chosen through an open call.',
    ],
    quote: {
      by: 'Maya Thomas, Riverstone’s lead singer',
      text: 'These songs came from small towns. It felt right to take them back there.',
    },
  },
  {
    category: 'Entertainment',
    sub: 'Television',
    title: 'Courtroom Drama Renewed for Second Season',
    summary:
      'The streaming courtroom drama “Order in the Court” has been renewed for a second season.',
    alt: 'Abstract graphic for a television story',
    tags: ['television', 'streaming'],
    length: 'short',
    paragraphs: [
      'The streaming courtroom drama “Order in the Court” has been renewed for a second season after becoming the platform’s most-watched regional-language series this year.',
      'Filming is due to begin in Ambergate in the new year, with most of the original cast returning. The writers say the new season will follow a single case from arrest to verdict.',
    ],
  },
  {
    category: 'Entertainment',
    sub: 'Movies',
    title: 'Video: Students Share What They Learned at the Animation Workshops',
    summary:
      'Workshop students talk about their first attempts at animation, with a showreel of open shorts.',
    alt: 'Video from the animation workshops',
    tags: ['animation', 'workshops'],
    length: 'medium',
    video: 'aqz-KE-bpKQ',
    image: false,
    paragraphs: [
      'More than 300 people attended beginner workshops at this year’s Northvale Open Animation Festival, from schoolchildren to retired engineers. Many said it was the first time they had tried to make anything move on a screen.',
      'Instructors used openly licensed films, like the short shown above, to explain how professional animators plan a scene, from rough sketches to final lighting. Several participants plan to enter their own shorts in next year’s competition.',
    ],
  },
  {
    category: 'Entertainment',
    sub: 'Movies',
    title: 'Watch: Open-Air Screening Closes the Animation Festival',
    summary:
      'The animation festival closed with an open-air screening of a comedy short about a gentle giant rabbit.',
    alt: 'Video of the festival closing film',
    tags: ['animation', 'video', 'open-air'],
    length: 'short',
    video: 'aqz-KE-bpKQ',
    image: false,
    paragraphs: [
      'Families spread blankets across the town hall lawn on Sunday night as the Northvale Open Animation Festival closed with an open-air screening of a comedy short about a gentle giant rabbit and three troublesome forest creatures.',
      'Organisers counted more than 4,000 visitors over the week, a record. The short is openly licensed, so you can watch it above.',
    ],
  },
  {
    category: 'Law & Justice',
    sub: 'Supreme Court',
    title: 'Supreme Court Reserves Verdict on Tenants’ Deposit Limits',
    summary:
      'The Supreme Court reserved its verdict on whether states may cap security deposits on residential rentals.',
    alt: 'Abstract courthouse graphic for a court story',
    tags: ['housing', 'tenants', 'supreme-court'],
    length: 'feature',
    paragraphs: [
      'The Supreme Court on Wednesday reserved its verdict in a group of petitions challenging a state law that caps security deposits for residential rentals at two months’ rent.',
      'Landlords’ associations argued that the cap interferes with private contracts and leaves owners exposed to unpaid rent and damage. Tenants’ groups and the state defended the law, saying deposits of ten months or more had made renting unaffordable for young workers moving to cities.',
      'The bench asked both sides to file short written notes within two weeks, including data on how many disputes over deposits have reached rent tribunals since the law came into force.',
      'During three days of hearings, the judges repeatedly asked how the cap works in practice when a tenant leaves a flat damaged. Counsel for the state said landlords can still recover such costs through rent tribunals, which are required to decide claims within ninety days. The landlords’ side replied that tribunals in several districts are short of members and rarely meet that deadline.',
    ],
    quote: {
      by: 'Senior advocate Meenal Rao, for the tenants’ association',
      text: 'A deposit should protect a landlord, not keep a family out of a home.',
    },
  },
  {
    category: 'Law & Justice',
    sub: 'Legislation',
    title: 'New Mediation Law Comes Into Force',
    summary:
      'Civil and commercial disputes can now be referred to certified mediators before they reach court.',
    alt: 'Abstract graphic for a legislation story',
    tags: ['mediation', 'legislation'],
    length: 'medium',
    paragraphs: [
      'The state’s new mediation law came into force on Monday, allowing courts to refer most civil and commercial disputes to certified mediators before a full trial begins.',
      'Settlements reached through mediation will be binding once signed by both parties and registered with the court. Family and criminal matters are excluded, except where the law already allows compromise.',
    ],
    points: [
      'Mediation must be completed within 120 days, extendable once.',
      'Parties may bring a lawyer but are not required to.',
      'Fees are waived for people eligible for free legal aid.',
    ],
  },
  {
    category: 'Law & Justice',
    sub: 'Legal Rights',
    title: 'Know Your Rights: Returning Faulty Goods',
    summary:
      'What consumers are entitled to when a product turns out to be faulty, and how to file a complaint.',
    alt: 'Abstract graphic for a consumer rights guide',
    tags: ['consumer-rights', 'guide'],
    length: 'long',
    paragraphs: [
      'Buying something that stops working within days is frustrating, but consumer law gives buyers clear options. A seller must repair, replace or refund a product that is faulty or not as described, regardless of what a “no returns” sign says.',
      'Keep the receipt or the order confirmation, take photographs of the fault and write to the seller first, describing the problem and what you want done. Sellers usually have a fixed period to respond.',
      'If the seller does not respond, a complaint can be filed online with the district consumer commission. Claims below a certain value carry no filing fee, and you do not need a lawyer.',
    ],
    points: [
      'Write to the seller first and keep a copy.',
      'Collect evidence: receipt, photos, messages.',
      'File with the district consumer commission if there is no answer.',
    ],
  },
  {
    category: 'Law & Justice',
    sub: 'Supreme Court',
    title: 'Court Asks State to Explain Delay in Filling Judicial Posts',
    summary:
      'The court has asked the state government to explain why more than a hundred trial court posts remain vacant.',
    alt: 'Abstract graphic for a judiciary story',
    tags: ['judiciary'],
    length: 'short',
    paragraphs: [
      'The Supreme Court has asked the state government to explain, within four weeks, why 112 posts of trial court judges remain vacant despite recruitment exams held last year.',
      'The order came while the court was hearing a petition about long delays in criminal trials. The state’s lawyer said appointment letters for the first batch were being prepared.',
    ],
  },
  {
    category: 'Law & Justice',
    sub: null,
    title: 'Legal Aid Clinics to Open in Every District Hospital',
    summary:
      'Free legal aid desks will open in district hospitals to help patients with insurance and compensation questions.',
    alt: 'Abstract graphic for a legal aid story',
    tags: ['legal-aid', 'health'],
    length: 'medium',
    inactive: true,
    paragraphs: [
      'The state legal services authority will open free legal aid desks in every district hospital from next month, staffed by volunteer lawyers and trained paralegals two days a week.',
      'The desks will help patients and families with insurance claims, accident compensation and documents for government health schemes, questions that hospital staff say they are asked every day but cannot answer.',
    ],
  },
  {
    category: 'Crime',
    sub: 'Cyber Crime',
    title: 'Police Warn of Fake Job Offers Spreading on Messaging Apps',
    summary:
      'Police report a rise in fake part-time job offers that ask applicants to pay a registration fee.',
    alt: 'Abstract graphic for a cyber crime story',
    tags: ['cyber-crime', 'scams'],
    length: 'feature',
    paragraphs: [
      'The Northvale police cyber cell has warned residents about fake part-time job offers circulating on messaging apps, which promise daily payments for simple online tasks and then ask for a “registration fee” or a deposit.',
      'Officers say they received more than 200 complaints in the last month alone, most from students and homemakers. In many cases victims were first paid small amounts to build trust before being asked to transfer larger sums.',
      'The cyber cell has asked banks to flag accounts that receive many small transfers from unrelated people, and has frozen several such accounts while it investigates.',
    ],
    points: [
      'Genuine employers do not ask for fees to offer a job.',
      'Be wary of offers that pay for likes, reviews or ratings.',
      'Report fraud quickly: the sooner a complaint is filed, the better the chance of freezing funds.',
    ],
    quote: {
      by: 'Inspector Sunil Rao, cyber cell',
      text: 'If a job asks you to pay first, it is not a job.',
    },
  },
  {
    category: 'Crime',
    sub: 'Fraud',
    title: 'Three Arrested in Fake Land Deed Case',
    summary: 'Police arrested three people accused of selling plots using forged land records.',
    alt: 'Abstract graphic for a fraud story',
    tags: ['fraud', 'property'],
    length: 'medium',
    paragraphs: [
      'Police in Ambergate have arrested three people accused of selling plots on the edge of the city using forged land records. Officers say at least 14 buyers paid advance amounts for land the accused did not own.',
      'The case came to light when a buyer visited the registration office to complete a sale and found that the plot belonged to someone else. The three were produced in court and remanded in police custody for five days.',
    ],
  },
  {
    category: 'Crime',
    sub: 'Investigations',
    title: 'Stolen Temple Bells Recovered',
    summary:
      'Police recovered six brass bells stolen from a village temple and returned them to the committee.',
    alt: 'Abstract graphic for a police recovery story',
    tags: [],
    length: 'short',
    paragraphs: [
      'Police have recovered six antique brass bells stolen last month from a village temple near Silverlake and returned them to the temple committee at a small ceremony on Sunday.',
      'Officers traced the bells through a scrap dealer who had been asked to melt them down and instead alerted the local station.',
    ],
  },
  {
    category: 'Crime',
    sub: 'Courts',
    title: 'Sessions Court Sentences Two in Highway Robbery Case After Four-Year Trial',
    summary:
      'Two men were sentenced to seven years in prison for a highway robbery in which a truck driver was injured.',
    alt: 'Abstract graphic for a court verdict story',
    tags: ['verdict', 'robbery'],
    length: 'medium',
    paragraphs: [
      'A sessions court in Eastbridge has sentenced two men to seven years in prison for robbing a truck driver on the state highway four years ago. A third accused was acquitted for lack of evidence.',
      'The court relied on toll plaza camera footage and the testimony of the driver, who was injured in the attack. Defence lawyers said they would appeal.',
    ],
  },
  {
    category: 'Crime',
    sub: 'Cyber Crime',
    title: 'Bank Customers Targeted by Fake Support Calls',
    summary:
      'Callers posing as bank staff are asking customers to install screen-sharing apps. Banks say they never do this.',
    alt: 'Abstract graphic for a phone scam story',
    tags: ['banking', 'cyber-crime', 'alert'],
    length: 'short',
    paragraphs: [
      'Several banks have warned customers about callers who pose as support staff and ask them to install a screen-sharing app to “fix” a problem with their account.',
      'Once installed, the app lets the caller see one-time passwords. Banks say their staff will never ask customers to install an app or share a password over the phone.',
    ],
  },
  {
    category: 'Astrology',
    sub: 'Horoscope',
    title: 'Weekly Horoscope: A Week for Patience and Planning',
    summary:
      'This week’s readings favour planning over action, with a brighter weekend for fire and air signs.',
    alt: 'Abstract night sky graphic for a horoscope',
    tags: ['horoscope', 'weekly'],
    length: 'long',
    paragraphs: [
      'Astrologers describe the coming week as one for patience: a good time to plan, tidy loose ends and have honest conversations, and a less favourable one for signing contracts or making large purchases.',
      '<strong>Aries, Leo and Sagittarius</strong> may find their energy returns towards the weekend. <strong>Taurus, Virgo and Capricorn</strong> are advised to focus on budgets and routines. <strong>Gemini, Libra and Aquarius</strong> may enjoy reconnecting with old friends, while <strong>Cancer, Scorpio and Pisces</strong> are encouraged to rest and reflect.',
    ],
    points: [
      'Favourable days: Thursday and Sunday.',
      'Colour of the week: deep blue.',
      'Theme: finishing what was started.',
    ],
  },
  {
    category: 'Astrology',
    sub: 'Planetary Transits',
    title: 'What Astrologers Say About This Month’s Mercury Retrograde',
    summary:
      'Mercury appears to move backwards this month. Astrologers traditionally link it to delays in travel and communication.',
    alt: 'Abstract crescent moon graphic for astrology',
    tags: ['mercury', 'retrograde'],
    length: 'medium',
    paragraphs: [
      'For about three weeks this month, Mercury will appear to move backwards across the sky, an optical effect caused by the relative orbits of Earth and Mercury. In astrology, the period is traditionally associated with misunderstandings, travel delays and technology troubles.',
      'Astrologers commonly suggest double-checking messages and travel bookings, backing up devices and revisiting old projects rather than starting new ones during the period.',
    ],
  },
  {
    category: 'Astrology',
    sub: 'Zodiac Signs',
    title: 'Zodiac Guide: Traits Traditionally Linked to Earth Signs',
    summary:
      'A short guide to Taurus, Virgo and Capricorn and the traits astrology traditionally links to them.',
    alt: 'Abstract starry graphic for a zodiac guide',
    tags: ['zodiac'],
    length: 'medium',
    paragraphs: [
      'In Western astrology, Taurus, Virgo and Capricorn make up the earth signs, traditionally associated with practicality, patience and a love of routine.',
      '<em>Taurus</em> is often described as steady and loyal, <em>Virgo</em> as careful and analytical, and <em>Capricorn</em> as ambitious and disciplined. Astrologers stress that a sun sign is only one part of a chart and that individual personalities vary widely.',
    ],
  },
  {
    category: 'Astrology',
    sub: 'Horoscope',
    title: 'Daily Horoscope',
    summary: 'Today’s short readings for all twelve signs, with a focus on home and family.',
    alt: 'Abstract graphic for a daily horoscope',
    tags: ['horoscope', 'daily'],
    length: 'short',
    paragraphs: [
      'Today’s readings put the spotlight on home and family. Astrologers suggest it is a good day for small repairs, shared meals and settling plans for the coming holidays.',
      'Fire signs may feel restless by evening; a walk or some light exercise is the traditional remedy. Water signs may find it a good day to write or journal.',
    ],
  },
  {
    category: 'Spiritual',
    sub: 'Festivals',
    title: 'Lamp Festival Draws Thousands to the Riverbanks of Ambergate',
    summary:
      'Tens of thousands gathered on the riverbanks of Ambergate for the annual lamp festival, lighting clay lamps at dusk.',
    alt: 'Abstract glowing rings graphic for a festival',
    tags: ['festival', 'ambergate'],
    length: 'long',
    paragraphs: [
      'Tens of thousands of people gathered along the riverbanks of Ambergate on Sunday evening for the annual lamp festival, setting thousands of small clay lamps afloat as the sun went down.',
      'This year organisers replaced plastic decorations with leaf and paper ones and set up collection points for used lamps, which will be crushed and reused by local potters. Volunteers said the river was noticeably cleaner the following morning.',
      'Music and storytelling continued late into the night on three stages, with performances by school choirs and folk groups from neighbouring villages.',
    ],
    quote: {
      by: 'Lata Iyer, festival committee',
      text: 'The festival is about light and renewal. Looking after the river is part of that.',
    },
  },
  {
    category: 'Spiritual',
    sub: 'Meditation',
    title: 'Free Morning Meditation Sessions Return to City Parks',
    summary:
      'Guided morning meditation sessions are back in six city parks, open to all with no registration needed.',
    alt: 'Abstract calm graphic for a meditation story',
    tags: ['meditation', 'wellbeing'],
    length: 'medium',
    paragraphs: [
      'Free guided meditation sessions have returned to six parks in Northvale, running every morning from 6.30 to 7.15. The sessions are led by volunteer teachers and are open to anyone, with no registration required.',
      'Organisers say they chose short, simple sessions so that people can attend before work. Mats are provided, but participants are welcome to bring their own.',
    ],
  },
  {
    category: 'Spiritual',
    sub: 'Pilgrimage',
    title: 'Hill Shrine Pilgrimage Route Gets New Rest Stops and Medical Posts',
    summary:
      'The pilgrimage route to the hill shrine now has eight rest stops, drinking water points and two medical posts.',
    alt: 'Abstract graphic for a pilgrimage story',
    tags: ['pilgrimage', 'safety'],
    length: 'medium',
    paragraphs: [
      'The 14-kilometre walking route to the hill shrine above Silverlake now has eight covered rest stops, drinking water points every kilometre and two medical posts, in time for the busy season.',
      'The district administration has also introduced a free online pass that lets pilgrims choose a time slot for the climb, to spread crowds more evenly through the day.',
    ],
    points: [
      'Medical posts are staffed from 5 am to 9 pm.',
      'Time-slot passes are free and optional on weekdays.',
      'Plastic bottles are not allowed beyond the first rest stop.',
    ],
  },
  {
    category: 'Spiritual',
    sub: 'Festivals',
    title: 'Harvest Festival Preparations Begin',
    summary:
      'Villages around Eastbridge have begun preparing for the harvest festival with decorations and rehearsals.',
    alt: 'Abstract graphic for a harvest festival',
    tags: ['harvest', 'festival'],
    length: 'short',
    paragraphs: [
      'Villages around Eastbridge have begun preparations for the harvest festival, with families painting courtyards, drummers rehearsing in the evenings and cooperatives stocking up on jaggery and rice.',
      'The festival falls next week, and the district has announced a local holiday for schools on the main day.',
    ],
  },
  {
    category: 'Spiritual',
    sub: null,
    title: 'Interfaith Council Hosts Community Kitchen for Flood-Affected Families',
    summary:
      'An interfaith council is serving free meals to families displaced by floods in the low-lying wards of Port Casimir.',
    alt: 'Abstract graphic for a community kitchen story',
    tags: ['community', 'relief'],
    length: 'feature',
    paragraphs: [
      'An interfaith council made up of representatives of several places of worship in Port Casimir has been running a community kitchen for families displaced by last week’s floods, serving about 2,500 meals a day.',
      'Volunteers from different communities cook and serve together in a school hall that has been turned into a relief centre. Local traders have donated rice, vegetables and cooking gas, and doctors from a nearby clinic hold a daily health check-up at the same hall.',
      'The council says it will keep the kitchen open until the district administration confirms that all families have returned home.',
    ],
    quote: {
      by: 'Father Joseph Mathew, council member',
      text: 'Hunger does not ask which prayer you say. Neither do we.',
    },
  },
];
