export { NewsletterPage } from './components/newsletter-page';
