import type { ArticleSeed } from './article.ts';

/** Politics, Business, Technology and Sports stories. Every place, person and body is fictional. */
export const ARTICLES_A: ArticleSeed[] = [
  {
    category: 'Politics',
    sub: 'Elections',
    title: 'Northvale Election Commission Unveils Simpler Voter Registration Form',
    summary:
      'A one-page registration form and a new online check aim to cut errors on the voter roll before the municipal polls.',
    alt: 'Abstract graphic for an elections story',
    tags: ['elections', 'voter-roll'],
    length: 'feature',
    paragraphs: [
      'The Northvale Election Commission on Monday introduced a one-page voter registration form, replacing a four-page version that officials say caused thousands of applications to be returned for corrections each year.',
      'Applicants will now be able to check the status of their registration online within 48 hours of submitting it, and ward offices will stay open until 7 pm on weekdays for the next two months.',
      'Chief Electoral Officer <strong>Helen Dsouza</strong> said the commission tested the new form with 2,000 residents across six wards before approving it.',
      'The form is also available in large print and in the six regional languages used in the state, and ward offices will have volunteers to help older residents and people with disabilities fill it in. Applicants who moved within the city since the last election can update their address on the same form instead of registering again.',
    ],
    points: [
      'The new form asks for 11 pieces of information instead of 27.',
      'Proof of address can be any one of eight documents.',
      'Status checks will be available online and by SMS.',
    ],
    quote: {
      by: 'Helen Dsouza, Chief Electoral Officer',
      text: 'Nobody should lose their vote because a form was confusing.',
    },
  },
  {
    category: 'Politics',
    sub: 'Parliament',
    title: 'Assembly Sends Water Conservation Bill to Select Committee',
    summary:
      'Lawmakers agreed to a detailed committee review of the water conservation bill after a long debate on groundwater limits.',
    alt: 'Abstract graphic for a legislature story',
    tags: ['assembly', 'water'],
    length: 'medium',
    paragraphs: [
      'After a debate that ran past midnight, the state assembly voted to refer the Water Conservation Bill to a select committee, giving members eight weeks to examine its proposed limits on groundwater extraction by large users.',
      'Supporters of the bill say it would protect aquifers that have fallen sharply over the past decade. Several members from farming districts asked for clearer exemptions for small growers, and the government agreed to consider them in committee.',
    ],
    quote: {
      by: 'Rakesh Pillai, member for Eastbridge',
      text: 'We agree on the goal. The committee is where we make sure the rules work on the ground.',
    },
  },
  {
    category: 'Politics',
    sub: 'Local Government',
    title: 'City Council Approves Night Bus Pilot',
    summary:
      'Four night bus routes will run for six months in a trial that the council says will decide the future of late-night transit.',
    alt: 'Abstract graphic for a city council story',
    tags: ['transport', 'city-council'],
    length: 'short',
    paragraphs: [
      'The Northvale City Council has approved a six-month pilot of four night bus routes linking the railway station, the two main hospitals and the industrial estate on the eastern edge of the city.',
      'Buses will run every 30 minutes between 11 pm and 5 am. The council will publish ridership figures each month and decide in spring whether to make the routes permanent.',
    ],
  },
  {
    category: 'Politics',
    sub: 'Elections',
    title: 'Parties Agree to Joint Debate Schedule Ahead of Municipal Polls',
    summary:
      'Five parties have agreed to three televised debates on housing, transport and public health before the municipal elections.',
    alt: 'Abstract graphic for a debate story',
    tags: ['debates'],
    length: 'medium',
    paragraphs: [
      'Representatives of five parties contesting the municipal elections have agreed to take part in three televised debates, each focused on a single topic: housing, transport and public health.',
      'The debates will be moderated by a panel of journalists chosen by the regional press club. Each party may field a different speaker for each evening, and audience questions will be collected in advance from residents of every ward.',
    ],
  },
  {
    category: 'Politics',
    sub: null,
    title:
      'Opposition Proposes Independent Audit of Road Repair Spending Across the Eastern Districts',
    summary:
      'The opposition wants an independent audit of road repair contracts; the government says existing checks are sufficient.',
    alt: 'Abstract graphic for a public spending story',
    tags: ['audit', 'infrastructure', 'roads'],
    length: 'long',
    paragraphs: [
      'The main opposition party has called for an independent audit of road repair contracts awarded in the eastern districts over the past three years, saying that several stretches of highway needed repairs again within months of being resurfaced.',
      'The public works minister said in response that every contract is already reviewed by the state auditor and that the government would welcome any specific evidence. He added that heavy rain last season had damaged roads across the state, not only in the east.',
      'The proposal will be discussed by the public accounts committee, which includes members from both sides of the house.',
    ],
    quote: {
      by: 'Nisha Kulkarni, opposition spokesperson',
      text: 'This is about making sure public money buys roads that last.',
    },
  },
  {
    category: 'Politics',
    sub: 'Parliament',
    title: 'Draft Rules on Lobbying Disclosure Withdrawn for Revision',
    summary:
      'The government has withdrawn draft lobbying disclosure rules to revise them after consultation feedback.',
    alt: 'Abstract graphic for a policy story',
    tags: ['transparency'],
    length: 'short',
    inactive: true,
    paragraphs: [
      'The government has withdrawn its draft rules on lobbying disclosure after a consultation drew more than 900 responses, many of them asking for a clearer definition of who counts as a lobbyist.',
      'Officials said a revised draft would be published for a second round of comments within three months.',
    ],
  },
  {
    category: 'Business',
    sub: 'Markets',
    title: 'Regional Index Closes at Record High as Banking Shares Rally',
    summary:
      'The regional share index closed at a record on Thursday, led by banks after better-than-expected loan growth figures.',
    alt: 'Abstract chart graphic for a markets story',
    tags: ['stocks', 'banking'],
    length: 'medium',
    paragraphs: [
      'The Meridian 50 index closed at a record high on Thursday, gaining 1.4 per cent in a session led by banking shares after the central bank reported stronger-than-expected loan growth for the quarter.',
      'Trading volumes were about a fifth above the monthly average. Brokers said domestic funds were the main buyers, while overseas investors were net sellers for the second day running.',
    ],
    quote: {
      by: 'Farah Siddiqui, market strategist at Ambergate Securities',
      text: 'The rally is broad, but it is still being carried by a handful of large lenders.',
    },
  },
  {
    category: 'Business',
    sub: 'Startups',
    title: 'Farm Logistics Start-up Raises Seed Funding to Expand Cold Storage Network',
    summary:
      'A Silverlake start-up that rents small cold rooms to farmers has raised seed funding to open 40 more sites.',
    alt: 'Abstract graphic for a start-up funding story',
    tags: ['startups', 'agriculture', 'funding'],
    length: 'long',
    paragraphs: [
      'ColdLink, a Silverlake-based start-up that rents solar-powered cold rooms to small farmers by the crate, has raised seed funding from a group of regional investors to open 40 new sites over the next year.',
      'The company says farmers using its rooms have cut the share of produce that spoils before sale from about a quarter to under a tenth. Prices are set per crate per day, so growers pay only for the space they use.',
      'Co-founder <strong>Kavya Nair</strong> said most of the new money will go into rooms in villages more than an hour’s drive from the nearest wholesale market.',
    ],
    points: [
      'Forty new cold rooms planned in the next twelve months.',
      'Rooms run on solar power with battery backup.',
      'Farmers can book space by phone or at the village cooperative.',
    ],
  },
  {
    category: 'Business',
    sub: 'Economy',
    title: 'Inflation Eases for Third Straight Month',
    summary:
      'Consumer price inflation eased to 4.1 per cent as vegetable prices fell, according to the statistics office.',
    alt: 'Abstract graphic for an economy story',
    tags: ['inflation', 'economy'],
    length: 'short',
    paragraphs: [
      'Consumer price inflation eased to 4.1 per cent last month, down from 4.6 per cent, the state statistics office said on Tuesday. It is the third consecutive monthly decline.',
      'Lower vegetable and pulse prices did most of the work, while housing and education costs continued to rise faster than the overall index.',
    ],
  },
  {
    category: 'Business',
    sub: 'Markets',
    title: 'Textile Exporters Report Strong Order Books',
    summary:
      'Textile exporters in Port Casimir report orders booked well into next year as buyers diversify their suppliers.',
    alt: 'Abstract graphic for a trade story',
    tags: ['exports', 'textiles'],
    length: 'medium',
    paragraphs: [
      'Textile exporters around Port Casimir say their order books are full well into next year, as overseas buyers spread their purchases across more suppliers.',
      'The exporters’ association said members were hiring again after two cautious years, though several warned that higher cotton prices could squeeze margins if they cannot be passed on.',
    ],
  },
  {
    category: 'Business',
    sub: 'Economy',
    title:
      'What the New Small Business Credit Scheme Means for Shop Owners, Explained in Five Questions',
    summary:
      'A guide to the new credit scheme for small shops: who can apply, how much they can borrow and what it costs.',
    alt: 'Abstract graphic for a small business explainer',
    tags: ['small-business', 'credit', 'explainer'],
    length: 'feature',
    paragraphs: [
      'The state’s new small business credit scheme opens for applications next month. It offers collateral-free working capital loans to shops and workshops with annual sales below a set limit, with part of the interest covered by the state for the first year.',
      '<strong>Who can apply?</strong> Any registered shop, workshop or service business that has filed tax returns for at least one year. <strong>How much?</strong> Loans start small and can be increased after a year of regular repayments.',
      '<strong>Where?</strong> Applications can be made at any participating bank branch or through the scheme’s website, and banks are expected to decide within fifteen working days.',
      '<strong>What does it cost?</strong> Banks set the interest rate within a band published by the state, and the state pays part of the interest for the first year directly to the bank. Processing fees are capped, and borrowers who repay on time for twelve months can apply for a larger limit without new paperwork. Shop owners’ associations have welcomed the scheme but asked banks to train branch staff quickly, since many applicants have never taken a formal loan before.',
    ],
    points: [
      'No collateral is required for the first loan.',
      'Interest support applies for the first twelve months.',
      'Repayment can be monthly or seasonal for businesses with seasonal sales.',
    ],
  },
  {
    category: 'Business',
    sub: 'Startups',
    title: 'Ambergate Incubator Opens Applications for Its Spring Cohort',
    summary:
      'The Ambergate incubator is accepting applications for ten places in its spring programme for early-stage companies.',
    alt: 'Abstract graphic for an incubator story',
    tags: [],
    length: 'short',
    paragraphs: [
      'The Ambergate Business Incubator is accepting applications for its spring cohort, which offers ten early-stage companies desk space, mentoring and a small grant for six months.',
      'This year the incubator will reserve half of the places for companies working on water, waste and energy. Applications close at the end of the month.',
    ],
  },
  {
    category: 'Technology',
    sub: 'Artificial Intelligence',
    title: 'University Researchers Release Open Dataset for Regional Language Speech Recognition',
    summary:
      'Researchers released 1,200 hours of transcribed speech in six regional languages to help build better voice tools.',
    alt: 'Abstract network graphic for an AI story',
    tags: ['ai', 'open-data', 'languages'],
    length: 'feature',
    paragraphs: [
      'Researchers at the Northvale Institute of Technology have released an open dataset of 1,200 hours of transcribed speech in six regional languages, recorded by more than 3,000 volunteers from towns and villages across the state.',
      'Speech recognition tools have long struggled with regional accents and with speakers who mix languages in a single sentence. The team says it deliberately recorded everyday conversations, including market haggling and phone calls, rather than read-aloud text.',
      'Every volunteer gave written consent, and recordings were reviewed to remove names, addresses and phone numbers before release.',
    ],
    points: [
      '1,200 hours of speech across six languages.',
      'Licensed for both research and commercial use.',
      'Includes a test set for measuring accuracy fairly.',
    ],
    quote: {
      by: 'Dr. Aparna Joshi, project lead',
      text: 'A voice assistant is only useful if it understands how people actually speak.',
    },
  },
  {
    category: 'Technology',
    sub: 'Gadgets',
    title: 'Hands-on With a Repairable Budget Phone',
    summary:
      'A new budget phone can have its battery and screen replaced with a single screwdriver. We tried it for two weeks.',
    alt: 'Abstract graphic for a gadget review',
    tags: ['smartphones', 'review', 'repair'],
    length: 'medium',
    paragraphs: [
      'The latest budget phone from a Northvale hardware maker makes an unusual promise: its battery, screen and charging port can each be replaced at home in under ten minutes, using a single screwdriver that comes in the box.',
      'Over two weeks of use, the phone felt sturdy and the battery comfortably lasted a day and a half. The camera is ordinary in low light, and the phone is slightly thicker than rivals at the same price, a trade-off many buyers may accept for a device that can last years.',
    ],
  },
  {
    category: 'Technology',
    sub: 'Internet',
    title: 'Village Broadband Project Connects 120 Schools',
    summary:
      'A public broadband project has connected 120 rural schools to fibre internet, with 80 more planned next year.',
    alt: 'Abstract graphic for a broadband story',
    tags: ['broadband', 'education'],
    length: 'medium',
    paragraphs: [
      'A state broadband project has connected 120 rural schools to fibre internet in its first year, and teachers say online lessons and digital libraries are now part of the weekly timetable.',
      'The next phase will add 80 schools and, for the first time, the primary health centres in the same villages. Officials say the fibre laid for schools will also be offered to local internet providers at a fixed rate.',
    ],
  },
  {
    category: 'Technology',
    sub: 'Artificial Intelligence',
    title: 'Hospitals Trial AI Tool to Shorten Waiting Times',
    summary:
      'Two public hospitals are testing software that predicts busy hours so staff rosters can be adjusted in advance.',
    alt: 'Abstract graphic for a health technology story',
    tags: ['ai', 'healthcare'],
    length: 'short',
    paragraphs: [
      'Two public hospitals in Northvale have begun a three-month trial of software that predicts how busy their outpatient departments will be, hour by hour, up to a week ahead.',
      'Managers use the forecasts to adjust staff rosters. The tool does not see any patient records; it uses past attendance, the calendar and weather forecasts.',
    ],
  },
  {
    category: 'Technology',
    sub: null,
    title: 'How to Spot a Fake Delivery Text',
    summary:
      'Fake delivery messages are the most common scam text this season. Here is how to recognise them and what to do.',
    alt: 'Abstract graphic for an online safety guide',
    tags: ['security', 'scams', 'guide'],
    length: 'long',
    paragraphs: [
      'Messages claiming that a parcel is held up and asking for a small fee are the most common scam texts reported this season, according to the state’s cyber safety cell.',
      'The messages usually contain a link to a page that looks like a courier’s website and asks for card details. Real couriers do not ask for payment through a link in a text message, and tracking numbers can always be checked on the courier’s official site or app.',
    ],
    points: [
      'Check the sender: official messages come from registered short codes.',
      'Do not tap links in unexpected messages; open the courier’s app yourself.',
      'Report suspicious texts to the cyber safety helpline and delete them.',
    ],
  },
  {
    category: 'Technology',
    sub: 'Gadgets',
    title: 'Smartwatch Makers Race to Add Offline Maps',
    summary:
      'Offline maps are becoming standard on mid-range smartwatches, aimed at hikers and runners.',
    alt: 'Abstract graphic for a wearables story',
    tags: ['wearables'],
    length: 'short',
    inactive: true,
    paragraphs: [
      'Offline maps, once found only on expensive outdoor watches, are arriving on mid-range smartwatches as makers compete for runners and weekend hikers.',
      'Reviewers say the maps are useful but drain the battery quickly when the screen is always on, so most watches offer a low-power mode that shows only the route line.',
    ],
  },
  {
    category: 'Sports',
    sub: 'Cricket',
    title: 'Northvale Chase Down 312 to Reach the Final',
    summary:
      'An unbeaten century from the opener carried Northvale past a target of 312 and into the regional one-day final.',
    alt: 'Abstract graphic of a playing field',
    tags: ['cricket', 'one-day'],
    length: 'long',
    paragraphs: [
      'Opener <strong>Rohan Desai</strong> scored an unbeaten 128 as Northvale chased down 312 with four balls to spare to reach the final of the regional one-day championship at Eastbridge Oval on Sunday.',
      'Needing 64 from the last six overs, Northvale were steadied by a 70-run partnership between Desai and the wicketkeeper, who struck three sixes in the 47th over. Silverlake’s bowlers had taken early wickets, reducing the hosts to 41 for 3 inside the first ten overs.',
      'Northvale will meet Port Casimir in the final next Saturday.',
    ],
    quote: {
      by: 'Rohan Desai',
      text: 'The plan was simple: stay until the end and let the others play around me.',
    },
  },
  {
    category: 'Sports',
    sub: 'Football',
    title: 'Late Header Earns Draw',
    summary: 'A stoppage-time header gave Ambergate United a 2–2 draw against the league leaders.',
    alt: 'Abstract graphic of a football pitch',
    tags: ['football'],
    length: 'short',
    paragraphs: [
      'Centre-back Joel Mathew headed in a corner in stoppage time to earn Ambergate United a 2–2 draw against league leaders Port Casimir FC on Friday night, in front of a near-capacity crowd.',
      'The visitors had led twice through goals either side of half-time. The draw keeps Ambergate fourth, two points off the promotion places.',
    ],
  },
  {
    category: 'Sports',
    sub: 'Tennis',
    title: 'Teenager Reaches Quarter-finals on Debut at the Silverlake Open',
    summary:
      'Seventeen-year-old wildcard Isha Bhat beat the sixth seed in three sets to reach the quarter-finals.',
    alt: 'Abstract sports graphic for a tennis story',
    tags: ['tennis', 'silverlake-open'],
    length: 'medium',
    paragraphs: [
      'Seventeen-year-old wildcard <strong>Isha Bhat</strong> reached the quarter-finals of the Silverlake Open on her professional debut, beating the sixth seed 4–6, 6–3, 7–5 in a match that lasted almost three hours.',
      'Bhat, who trains at the state academy, saved two match points in the final set before breaking serve at 5–5. She will next face the second seed, who has not dropped a set this week.',
    ],
    quote: {
      by: 'Isha Bhat',
      text: 'I stopped thinking about the score and just played one point at a time.',
    },
  },
  {
    category: 'Sports',
    sub: 'Athletics',
    title: 'District Athletics Meet Sets Three Meet Records',
    summary:
      'Three meet records fell at the district athletics championships, including in the girls’ 4x100 metres relay.',
    alt: 'Abstract graphic for an athletics story',
    tags: ['athletics', 'schools'],
    length: 'medium',
    paragraphs: [
      'Three meet records fell on the final day of the district athletics championships in Eastbridge, where more than 1,400 school and college athletes competed over three days.',
      'The girls’ 4x100 metres relay team from Eastbridge Public School broke a record that had stood for eleven years, while new marks were also set in the boys’ javelin and the 3,000 metres steeplechase.',
    ],
  },
  {
    category: 'Sports',
    sub: 'Football',
    title: 'Club Announces New Youth Academy',
    summary:
      'Port Casimir FC will open a free youth academy for players aged 10 to 16 next season.',
    alt: 'Abstract graphic for a youth football story',
    tags: [],
    length: 'short',
    paragraphs: [
      'Port Casimir FC will open a youth academy next season offering free coaching, equipment and schooling support to 60 players aged between 10 and 16.',
      'Trials will be held in four towns across the region, and the club says at least a third of the places will go to girls.',
    ],
  },
  {
    category: 'Sports',
    sub: 'Cricket',
    title: 'Curators Prepare Spin-Friendly Pitch for the Final as Both Sides Name Unchanged Squads',
    summary:
      'The groundstaff at Eastbridge Oval expect a dry surface for the final; both teams kept the squads from their semi-finals.',
    alt: 'Abstract graphic of a cricket ground',
    tags: ['cricket', 'final'],
    length: 'medium',
    paragraphs: [
      'Groundstaff at Eastbridge Oval expect a dry surface that will help spinners in the second half of the one-day final on Saturday, with no rain forecast for the week.',
      'Both Northvale and Port Casimir have named unchanged squads from their semi-final wins. Northvale’s captain said the toss would matter less than usual because both sides have chased well this season.',
    ],
  },
];
