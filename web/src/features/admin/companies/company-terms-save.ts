import type { SetCompanyTermsRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { companyCreditKeys } from '@/entities/company-credit';
import { callSetCompanyTerms } from '@/lib/manager-callables';
import { searchKeys } from '../common/search';

/**
 * setCompanyTerms for the company page: the panel holds it (with its read of the credit) and
 * hands it to the lazy form, so the form's chunk needs no query library of its own. A success
 * reloads the company's credit and its page.
 */
export function useSaveTerms(companyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SetCompanyTermsRequest) => callSetCompanyTerms(request),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: companyCreditKeys.of(companyId) }),
        client.invalidateQueries({ queryKey: searchKeys.company(companyId) }),
      ]),
  });
}

export type SaveTerms = ReturnType<typeof useSaveTerms>;
