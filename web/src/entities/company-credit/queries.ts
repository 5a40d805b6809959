import { useQuery } from '@tanstack/react-query';
import { fetchCompanyCredit } from './api';

export const companyCreditKeys = {
  all: ['company-credit'] as const,
  of: (companyId: string) => ['company-credit', companyId] as const,
};

/** The company's terms and credit; disabled without a company id. */
export function useCompanyCredit(companyId: string | null | undefined) {
  return useQuery({
    queryKey: companyCreditKeys.of(companyId ?? ''),
    queryFn: () => fetchCompanyCredit(companyId ?? ''),
    enabled: Boolean(companyId),
  });
}
