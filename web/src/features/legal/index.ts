export { PolicyPage, policyPath, ContactLine } from './components/policy-page';
export { MarkdownView } from './components/markdown-view';
export { fetchSiteContent, fetchSupportContact, type SiteContent } from './api/site-content';
