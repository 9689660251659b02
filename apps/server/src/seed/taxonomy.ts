import type { ContactInput } from '@newsroom/contract';
import type { ImageStyle } from './images.ts';

/** A demo category: its sub-categories and the look of its generated pictures. */
export interface CategorySeed {
  name: string;
  subcategories: string[];
  style: ImageStyle;
}

/** The spec's footer categories first, then the desks every news site has. */
export const CATEGORIES: CategorySeed[] = [
  {
    name: 'Politics',
    subcategories: ['Elections', 'Parliament', 'Local Government'],
    style: { from: '#1d3557', to: '#457b9d', accent: '#e63946', motif: 'waves' },
  },
  {
    name: 'Business',
    subcategories: ['Markets', 'Startups', 'Economy'],
    style: { from: '#0f4c81', to: '#1b998b', accent: '#f4d35e', motif: 'bars' },
  },
  {
    name: 'Technology',
    subcategories: ['Gadgets', 'Artificial Intelligence', 'Internet'],
    style: { from: '#10002b', to: '#3a0ca3', accent: '#4cc9f0', motif: 'nodes' },
  },
  {
    name: 'Sports',
    subcategories: ['Cricket', 'Football', 'Tennis', 'Athletics'],
    style: { from: '#1b4332', to: '#40916c', accent: '#ffd166', motif: 'pitch' },
  },
  {
    name: 'Entertainment',
    subcategories: ['Movies', 'Music', 'Television'],
    style: { from: '#240046', to: '#9d0208', accent: '#ffba08', motif: 'beams' },
  },
  {
    name: 'Law & Justice',
    subcategories: ['Supreme Court', 'Legislation', 'Legal Rights'],
    style: { from: '#3d405b', to: '#81b29a', accent: '#f2cc8f', motif: 'columns' },
  },
  {
    name: 'Crime',
    subcategories: ['Cyber Crime', 'Fraud', 'Investigations', 'Courts'],
    style: { from: '#2b2d42', to: '#8d0801', accent: '#ef233c', motif: 'stripes' },
  },
  {
    name: 'Astrology',
    subcategories: ['Horoscope', 'Zodiac Signs', 'Planetary Transits'],
    style: { from: '#0b1026', to: '#3a2d7c', accent: '#f9d976', motif: 'stars' },
  },
  {
    name: 'Spiritual',
    subcategories: ['Festivals', 'Meditation', 'Pilgrimage'],
    style: { from: '#5f0f40', to: '#d1495b', accent: '#fb8b24', motif: 'rings' },
  },
];

export const PUBLISHERS = [
  'The Northvale Chronicle',
  'Daily Meridian',
  'Metro Wire',
  'Horizon Media',
  'Newsroom Desk',
];

export const ANCHORS = [
  'Ananya Rao',
  'Vikram Sethi',
  'Meera Kapoor',
  'Daniel Brooks',
  'Sara Iqbal',
];

export const CONTACTS: ContactInput[] = [
  {
    fullName: 'Priya Menon',
    email: 'priya.menon@example.com',
    phone: '9876543210',
    message:
      'I enjoyed the explainer on the new metro fare rules. Could you publish a follow-up on how concession passes will work for students?',
  },
  {
    fullName: 'Arjun Malhotra',
    email: 'arjun.m@example.com',
    phone: '9123456780',
    message:
      'The article on the harbour festival lists the closing night as Saturday, but the organisers say Sunday. Please check and correct it.',
  },
  {
    fullName: 'Grace Fernandes',
    email: 'grace.fernandes@example.org',
    phone: '9988776655',
    message: 'Do you accept opinion pieces from readers? I run a small library in Eastbridge.',
  },
  {
    fullName: 'Rahul Verma',
    email: 'rahul.verma@example.net',
    phone: '9001122334',
    message:
      'Thanks for the coverage of the district athletics meet. Our school would like to share photos of the relay team if that is possible.',
  },
];
