import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';

export interface LanguageState {
  current: Language;
}

const languageSlice = createSlice({
  name: 'language',
  initialState: { current: DEFAULT_LANGUAGE } as LanguageState,
  reducers: {
    languageChanged(state, action: PayloadAction<Language>) {
      state.current = action.payload;
    },
  },
});

export const { languageChanged } = languageSlice.actions;
export const languageReducer = languageSlice.reducer;
export const selectLanguage = (state: { language: LanguageState }) => state.language.current;
