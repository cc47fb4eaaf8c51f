// The main navigation, in order. The firm's name beside it leads home. Add a page here once it exists.
export const navigation = [
  { href: '/services', label: 'Services' },
  { href: '/about', label: 'About us' },
  { href: '/vat-de-minimis', label: 'VAT guide' },
  { href: '/insights', label: 'Insights' },
  { href: '/application', label: 'Work with us' },
  { href: '/contact', label: 'Contact' },
] as const;

/** Links at the foot of every page, after the main navigation. */
export const footerLinks = [
  { href: '/quote', label: 'Ask for a quote' },
  { href: '/newsletter', label: 'Newsletter' },
  { href: '/privacy', label: 'Privacy notice' },
  { href: '/cookies', label: 'Cookie policy' },
  { href: '/login', label: 'Staff sign-in' },
] as const;
