export { PolicyPage, ContactLine } from './components/policy-page';
