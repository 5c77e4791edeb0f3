// The measured routes and, for each, what on the page says its first view is ready.
export function measuredRoutes(member) {
  return [
    {
      name: '/login',
      path: '/login',
      signedIn: false,
      budgetKb: 150,
      ready: (p) => p.getByRole('button', { name: 'Sign in' }),
    },
    {
      name: '/',
      path: '/',
      signedIn: true,
      budgetKb: 300,
      ready: (p) => p.getByRole('article', { name: 'Post' }).first(),
    },
    {
      name: '/explore',
      path: '/explore',
      signedIn: true,
      budgetKb: 300,
      ready: (p) => p.getByRole('heading', { name: 'Explore', level: 1 }),
    },
    {
      name: '/members',
      path: '/members',
      signedIn: true,
      budgetKb: 300,
      ready: (p) => p.getByRole('heading', { name: 'Members', level: 1 }),
    },
    {
      name: '/profile/:uid',
      path: `/profile/${member.uid}`,
      signedIn: true,
      budgetKb: 300,
      ready: (p) => p.getByRole('heading', { name: member.username, level: 1 }),
    },
  ];
}
