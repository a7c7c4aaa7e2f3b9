export default definePageConfig({ navigationBarTitleText: '我的名片', navigationStyle: 'custom' })
