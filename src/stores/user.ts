import { create } from 'zustand'
import { persist, createJSONStorage } from 'zustand/middleware'
import { taroStateStorage } from '@/platform/storage'
import type { MemberInfo } from '@contract/member'

export interface UserState {
  userInfo: Partial<MemberInfo>
  token: string
  sBusinessId: string
  setToken: (token: string) => void
  setUserInfo: (userInfo: Partial<MemberInfo>) => void
  setSBusinessId: (id: string) => void
  clear: () => void
}

/** The persisted record lives under the storage key "user" and holds exactly { token, userInfo }. */
export const USER_STORAGE_KEY = 'user'

export const useUserStore = create<UserState>()(
  persist(
    (set) => ({
      userInfo: {},
      token: '',
      sBusinessId: '',
      setToken: (token) => set({ token }),
      setUserInfo: (userInfo) => set({ userInfo: userInfo || {} }),
      setSBusinessId: (sBusinessId) => set({ sBusinessId }),
      clear: () => set({ token: '', userInfo: {} }),
    }),
    {
      name: USER_STORAGE_KEY,
      storage: createJSONStorage(() => taroStateStorage),
      partialize: (s) => ({ token: s.token, userInfo: s.userInfo }),
    },
  ),
)

/** Logged in only when both a token and user info exist (SPEC.md section 4). */
export function isLoggedIn(state: Pick<UserState, 'token' | 'userInfo'> = useUserStore.getState()): boolean {
  return !!state.token && !!state.userInfo && Object.keys(state.userInfo).length > 0
}
