// The demo community as plain data, fixed by a seed: members with profiles, who follows whom,
// posts (most with a photo), likes, comments and replies. tools/scripts/lib/seed/writer.mjs writes it.
import { dice as makeDice, randomSource, stableId } from './random.mjs';

/**
 * How many different photos the posts share, and covers the members: drawing and encoding every
 * size of one in pure JS costs far more than uploading it (0.2 s to over 1 s for a post photo on
 * this shared 2-core machine, depending on its load), and 12 photos and 6 covers are variety
 * enough for a demo (each post and member still has files of its own). Every member has an avatar
 * of their own.
 */
const PHOTO_VARIETY = 12;
const COVER_VARIETY = 6;

/** Every demo member signs in with this password (README.md). */
export const DEMO_PASSWORD = 'socially-demo';

const FIRST = [
  'Ada',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Esra',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Lars',
  'Maya',
  'Nikolai',
  'Olu',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tove',
  'Uma',
  'Viktor',
  'Wen',
  'Ximena',
  'Yusuf',
  'Zoe',
  'Amara',
  'Björn',
  'Carmen',
  'Daniel',
  'Elif',
  'Femi',
];
const LAST = [
  'Novak',
  'Okafor',
  'Lindqvist',
  'Tanaka',
  'Moreau',
  'Haddad',
  'Kowalski',
  'Rossi',
  'Schmidt',
  'Silva',
  'Nakamura',
  'Dubois',
  'Jensen',
  'Petrov',
  'Mensah',
  'Costa',
];
const PLACES = [
  'Lisbon',
  'Nairobi',
  'Oslo',
  'Osaka',
  'Lyon',
  'Beirut',
  'Kraków',
  'Turin',
  'Leipzig',
  'Recife',
  'Sapporo',
  'Ghent',
  'Aarhus',
  'Tbilisi',
  'Accra',
  'Porto',
];
const ABOUT = [
  'Film photography and long walks.',
  'Baker by night, engineer by day.',
  'Collecting sunsets, one city at a time.',
  'Plants, bikes and bad puns.',
  'Learning the cello at last.',
  'Coffee first, questions later.',
  'Trail runner and map nerd.',
  'Drawing the people on my commute.',
  'Cooks too much, shares it all.',
  '',
];
const SUBJECTS = [
  'the harbour',
  'our street',
  'the old market',
  'the park',
  'a rainy window',
  'the mountains',
  'my balcony',
  'the river',
  'the night train',
  'a quiet café',
  'the beach',
  'the bakery queue',
  'the library',
  'the garden',
  'a rooftop',
];
const MOODS = [
  'Golden hour at',
  'First light over',
  'Lost in',
  'Sunday morning at',
  'Found a new corner of',
  'Can’t stop thinking about',
  'Colours of',
  'Quiet evening by',
];
const TAGS = ['#weekend', '#citylife', '#nofilter', '#slowliving', '#travel', '#home', ''];
const COMMENTS = [
  'Love this!',
  'Where is this?',
  'The colours are unreal.',
  'Take me there 😍',
  'Beautiful shot.',
  'This made my day.',
  'So peaceful.',
  'Need to visit soon!',
  'Great light here.',
  'Wow, stunning.',
  'Miss this place.',
  'Adding it to my list.',
];
const REPLIES = [
  'Thank you!',
  'Right? 😊',
  'Just around the corner from me.',
  'Let’s go together!',
  'Glad you like it.',
  'Early morning, almost nobody there.',
  'Agreed!',
  'Haha, you should!',
];

/**
 * @param {{ seed: string | number, members: number, posts: number }} options
 * @returns the community: members (index, email, name, profile), follows (member index → indexes),
 *   posts (id, author, caption, photo, likers, comments with replies), in write order.
 */
export function planCommunity({ seed, members: memberCount, posts: postCount }) {
  const dice = makeDice(randomSource(`community:${seed}`));
  const { int, pick, sample, random } = dice;

  const members = Array.from({ length: memberCount }, (_, index) => {
    const first = FIRST[index % FIRST.length];
    const last = pick(LAST);
    return {
      index,
      email: `demo${String(index + 1).padStart(2, '0')}@socially.test`,
      userName: `${first} ${last}`,
      pictures: {
        avatar: { key: `avatar:${seed}:${index}` },
        cover: { key: `cover:${seed}:${index % COVER_VARIETY}` },
      },
      profile: {
        From: pick(PLACES),
        Lives: pick(PLACES),
        userAbout: pick(ABOUT),
        userAge: int(19, 67),
        userGender: null,
      },
    };
  });

  const others = (index) => members.filter((member) => member.index !== index).map((m) => m.index);
  const follows = members.map((member) =>
    sample(others(member.index), int(Math.min(3, memberCount - 1), Math.min(12, memberCount - 1))),
  );

  // Some members post a lot, some a little: weights decide each post's author.
  const weights = members.map(() => 0.3 + random() * 1.7);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const authorOf = () => {
    let left = random() * total;
    for (const [index, weight] of weights.entries()) {
      left -= weight;
      if (left <= 0) return index;
    }
    return memberCount - 1;
  };

  const posts = Array.from({ length: postCount }, (_, n) => {
    const author = authorOf();
    const withPhoto = random() < 0.8;
    const caption =
      withPhoto && random() < 0.15 ? null : `${pick(MOODS)} ${pick(SUBJECTS)} ${pick(TAGS)}`.trim();
    const likers = sample(others(author), int(0, Math.min(9, memberCount - 1)));
    const comments = sample(others(author), int(0, Math.min(3, memberCount - 1))).map(
      (writer, c) => ({
        id: stableId(`comment:${seed}:${n}:${c}`),
        writer,
        text: pick(COMMENTS),
        // Most replies come from the post's author.
        replies:
          random() < 0.5 ? [{ writer: random() < 0.7 ? author : writer, text: pick(REPLIES) }] : [],
      }),
    );
    return {
      id: stableId(`post:${seed}:${n}`),
      author,
      caption,
      photo: withPhoto ? { key: `photo:${seed}:${n % PHOTO_VARIETY}` } : null,
      likers,
      comments,
    };
  });

  return { seed: String(seed), members, follows, posts };
}
