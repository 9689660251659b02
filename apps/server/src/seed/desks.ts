/**
 * Background and outlook paragraphs each desk adds to its longer stories. They are written to fit
 * any story of their category; the story-specific text lives in articles.ts.
 */
export interface DeskText {
  /** A heading over the background section. */
  background: string;
  context: string[];
  outlook: string[];
}

export const DESKS: Record<string, DeskText> = {
  Politics: {
    background: 'The wider picture',
    context: [
      'Political observers in Northvale say the issue has drawn unusual interest from residents, with ward meetings and online forums on the subject well attended in recent weeks.',
      'The state assembly has passed fewer bills this session than in either of the previous two, a pattern that members on both sides attribute to longer committee scrutiny rather than open conflict on the floor.',
      'Surveys by the regional press club suggest that residents rank transport, water and the cost of housing as their main concerns ahead of the municipal elections.',
    ],
    outlook: [
      'The next step is expected within weeks. Both the government and the opposition have said they will publish their positions in advance so that residents can follow the discussion.',
      'Residents can send written questions and comments through the relevant department’s website or at any ward office, and officials have promised to publish a summary of the responses.',
    ],
  },
  Business: {
    background: 'Market context',
    context: [
      'Analysts note that consumer demand in the region has been steady rather than spectacular this year, with spending on services growing faster than spending on goods for the third quarter in a row.',
      'Small and mid-sized companies have found credit easier to obtain since the spring, according to the regional chamber of commerce, although lenders still ask for larger collateral than before the last downturn.',
      'Freight volumes through Port Casimir, often read as an early signal for manufacturers, rose modestly in the last quarter after two flat periods.',
    ],
    outlook: [
      'Analysts say the figures to watch in the coming months are hiring, wages and the cost of credit, which together will show whether the recovery is broadening beyond the largest firms.',
      'Economists caution that a single month of data rarely settles a trend, and most expect a clearer picture once the festive-season sales figures are in.',
    ],
  },
  Technology: {
    background: 'Why it matters',
    context: [
      'Technology now touches almost every public service in the state, from ration cards to hospital appointments, and digital literacy programmes have struggled to keep pace with the change.',
      'Researchers at the Northvale Institute of Technology say local testing matters: tools built elsewhere often stumble on regional languages, patchy connections and low-cost devices.',
      'Broadband coverage in rural districts has improved steadily, but affordability remains the main reason households stay offline, according to the latest digital inclusion survey.',
    ],
    outlook: [
      'Consumer groups say they will keep testing and reporting on the issue, and readers can send their own experiences to our technology desk.',
      'Regulators are expected to publish draft guidance on the subject before the end of the year, and industry groups have asked for a consultation period of at least sixty days.',
    ],
  },
  Sports: {
    background: 'Form guide',
    context: [
      'Local clubs and schools report more children signing up for coaching than at any time in the past decade, and several have added evening sessions to cope with demand.',
      'Interest in the sport has grown across the region this season, helped by cheaper weekday tickets and a new shuttle service from the city centre to the main grounds.',
      'Sports scientists attached to the state academy have introduced regular recovery monitoring, and injury lay-offs are down noticeably compared with last season.',
    ],
    outlook: [
      'The next round is scheduled for the weekend, with tickets available at the venue box office and through the official app.',
      'Selectors for the state squads will watch the coming rounds closely, and several younger athletes are expected to get a closer look at a training camp in Silverlake.',
    ],
  },
  Entertainment: {
    background: 'Behind the scenes',
    context: [
      'Independent productions and live events have taken a growing share of the city’s cultural calendar this year, helped by a festival circuit that now runs almost year-round.',
      'Producers and promoters say audiences are increasingly willing to try new work, especially when tickets are cheap and events are close to home.',
      'Arts organisations in the region have also been working with schools, offering workshops and free passes to introduce younger audiences to film, music and theatre.',
    ],
    outlook: [
      'Organisers say further announcements will follow in the coming weeks, with updates posted on their website and social media pages.',
      'Businesses near the venues are preparing for larger crowds, and the city has promised extra late-evening buses on the busiest nights.',
    ],
  },
  'Law & Justice': {
    background: 'Legal background',
    context: [
      'Legal scholars point out that the rules in this area have changed several times over the past decade, and that each change has taken time to reach the people it affects.',
      'The state’s legal services authority says demand for free legal aid has risen sharply, particularly in tenancy, family and consumer disputes.',
      'Court administrators have been expanding video hearings and e-filing, and say that the average time to list a fresh case has fallen by several weeks.',
    ],
    outlook: [
      'Legal experts expect further clarifications in the coming months, and lawyers’ associations have offered to answer readers’ questions at free monthly sessions.',
      'The state legal services authority runs a free helpline for anyone unsure how the rules apply to them.',
    ],
  },
  Crime: {
    background: 'What investigators say',
    context: [
      'Police say that reported cases of online fraud have grown faster than any other category of crime in the district, while street crime has stayed roughly flat.',
      'Investigators increasingly rely on digital evidence such as transaction records and call logs, which officers say has shortened many inquiries but requires specialist training.',
      'Community policing meetings, held monthly in each ward, have become an important source of tips, according to senior officers.',
    ],
    outlook: [
      'Police have asked anyone with information to contact the nearest station or the district helpline. They stress that the investigation is ongoing and that no conclusions should be drawn yet.',
      'Police also remind residents that suspected fraud can be reported on the cyber crime helpline at any hour, and that early reports give investigators the best chance of recovering money.',
    ],
  },
  Astrology: {
    background: 'How astrologers read it',
    context: [
      'Astrology has seen a revival among younger readers, many of whom treat daily and weekly readings as a prompt for reflection rather than a forecast.',
      'Practitioners note that readings based on the sun sign alone are broad; a full chart that includes the moon sign and ascendant gives a more personal picture.',
    ],
    outlook: [
      'As always, readings are meant as a light guide for reflection. Readers are encouraged to make important decisions with practical advice from people they trust.',
      'The next notable shift in the sky comes later in the month, and our weekly column will look at what it may bring for each sign.',
    ],
  },
  Spiritual: {
    background: 'Tradition and practice',
    context: [
      'Community gatherings of this kind have grown steadily in the region, drawing families, students and retired people alike, and many first-time visitors return year after year.',
      'Religious and cultural leaders in the region have increasingly stressed service and care for the environment, encouraging people to link their practice with everyday acts of help.',
      'Volunteers play a large part in such efforts, managing queues, serving free meals and helping elderly visitors find their way.',
    ],
    outlook: [
      'Organisers welcome new volunteers and donations, and have asked people to get in touch in advance so that help goes where it is most needed.',
      'Organisers plan to publish updates, including timings and contact numbers, on notice boards and online later this week.',
    ],
  },
};
