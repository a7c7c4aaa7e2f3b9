export default definePageConfig({ navigationBarTitleText: '我的等级', navigationStyle: 'custom' })
