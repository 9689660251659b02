import { Route, Routes } from 'react-router';
import { AcceptInvitationPage } from './AcceptInvitationPage.tsx';
import { paths } from '../lib/paths.ts';
import { NotFound } from '../shared/NotFound.tsx';
import { LoginPage } from './LoginPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';
import { VerifyAccountPage } from './VerifyAccountPage.tsx';

export function AuthApp() {
  return (
    <Routes>
      <Route path={paths.login()} element={<LoginPage />} />
      <Route path={paths.register()} element={<RegisterPage />} />
      <Route path={paths.adminRegister()} element={<RegisterPage />} />
      <Route path={paths.verifyAccount()} element={<VerifyAccountPage />} />
      <Route path={paths.acceptInvitation()} element={<AcceptInvitationPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
