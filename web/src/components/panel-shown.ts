import { createContext, useContext } from 'react';

/**
 * Whether the page part a component is drawn in is the one shown: false inside a tab panel that
 * stays mounted while another tab is open (PageTabs). A dialog or drawer is drawn over the page
 * in a portal, outside its panel's element, so hiding the panel does not hide it; what reads
 * this closes it instead (lazyDialog). True wherever no panel says otherwise.
 */
export const PanelShownContext = createContext(true);

export const usePanelShown = (): boolean => useContext(PanelShownContext);
