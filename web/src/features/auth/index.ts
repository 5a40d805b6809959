export { ApplyPage } from './components/apply-page';
export { LoginPage } from './components/login-page';
export { AdminLoginPage } from './components/admin-login-page';
export { ForgotPasswordPage } from './components/forgot-password-page';
export { AuthActionPage } from './components/auth-action-page';
export { JoinPage } from './components/join-page';
