export { ApplyPage } from './components/apply-page';
export { LoginPage } from './components/login-page';
export { AdminLoginPage } from './components/admin-login-page';
