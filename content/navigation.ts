// The main navigation, in order. Add a page here once it exists.
export const navigation = [
  { href: '/', label: 'Home' },
  { href: '/#services', label: 'Services' },
  { href: '/#how-we-work', label: 'How we work' },
  { href: '/application', label: 'Work with us' },
  { href: '/contact', label: 'Contact' },
] as const;
